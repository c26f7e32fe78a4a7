// The home page: start a new game from a game's card.

const NAME_KEY = "tinkertable.name";

for (const form of document.querySelectorAll("form.new-game")) {
  const nameInput = form.elements.namedItem("name");
  nameInput.value = localStorage.getItem(NAME_KEY) || "";
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = form.querySelector(".error");
    error.hidden = true;
    const options = {};
    for (const select of form.querySelectorAll("select[data-json-values]")) {
      options[select.name] = JSON.parse(select.value);
    }
    const name = nameInput.value.trim();
    localStorage.setItem(NAME_KEY, name);
    const response = await fetch("/api/lobbies", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: form.dataset.game, name, options }),
    });
    const body = await response.json();
    if (!response.ok) {
      error.textContent = body.message || "Something went wrong.";
      error.hidden = false;
      return;
    }
    location.assign(body.url);
  });
}
