// Starts Swagger UI on /docs from a file, so the page needs no inline script.
//
// For everyone (issue "Every hand and every eye"): no deep links, which Swagger UI puts as a
// link inside each operation's button (a control within a control, and a target 19 px high);
// and darker colours where its own text is under 4.5:1 on its badges and links. The styles are
// a constructed sheet: the page's Content-Security-Policy allows no inline <style>.
const root = document.getElementById("swagger-ui");

const READABLE = `
.swagger-ui .info .title small pre, .swagger-ui .info .title small { background: #4a5260; }
.swagger-ui .info .title small.version-stamp, .swagger-ui .info .title small.version-stamp pre { background: #3d6b00; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #1a5aa6; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5f9e; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1e7046; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4f00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #16665b; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a5260; }
.swagger-ui .btn.execute { background: #1f5f9e; border-color: #1f5f9e; }
.swagger-ui .btn.cancel, .swagger-ui .btn.try-out__btn.cancel { color: #b3261e; border-color: #b3261e; }
.swagger-ui .opblock.opblock-head .opblock-summary-method,
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5a3d8c; }
`;

const sheet = new CSSStyleSheet();
sheet.replaceSync(READABLE);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

// A request's body is a textarea without a label: it gets one as Swagger UI draws it.
new MutationObserver(() => {
  for (const box of root.querySelectorAll("textarea:not([aria-label])")) {
    box.setAttribute("aria-label", box.closest(".opblock-section-request-body") ? "Request body" : "Value");
  }
}).observe(root, { childList: true, subtree: true });

window.SwaggerUIBundle({ url: root.dataset.url, dom_id: "#swagger-ui", deepLinking: false });
