// Starts Swagger UI on /docs from a file, so the page needs no inline script.
const root = document.getElementById("swagger-ui");
window.SwaggerUIBundle({ url: root.dataset.url, dom_id: "#swagger-ui", deepLinking: true });
