// Live preview for the console's Markdown page editor (issue 50 item 2). The editor is a plain
// form whose Preview button renders on the server, which works without JavaScript; this script
// only adds a preview that follows typing. A short pause after the last keystroke posts the title
// and body to the preview endpoint (data-live-preview), which answers the HTML the live page would
// show, made by the server's own renderer and sanitiser: nothing is rendered or sanitised here.
// It never writes to the fields, so what was typed stays whatever happens to the request.
(() => {
  const form = document.querySelector("form[data-live-preview]");
  const output = document.querySelector("[data-live-preview-output]");
  if (!form || !output || typeof fetch !== "function") return;
  const endpoint = form.dataset.livePreview;
  const title = form.elements.namedItem("title");
  const body = form.elements.namedItem("body");
  const titleOut = output.querySelector("[data-live-preview-title]");
  const htmlOut = output.querySelector("[data-live-preview-html]");
  const status = output.querySelector("[data-live-preview-status]");
  if (!endpoint || !title || !body || !titleOut || !htmlOut || !status) return;
  const say = (text) => {
    if (status.textContent !== text) status.textContent = text;
  };
  let timer = 0;
  let sent = 0;
  let shown = 0;
  const update = async () => {
    const mine = ++sent;
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json" },
        body: new URLSearchParams({ title: title.value, body: body.value }),
      });
      const answer = await response.json();
      // An older request answering late never replaces a newer preview.
      if (mine <= shown) return;
      if (!response.ok) {
        say(`Preview not updated: ${(answer.errors || ["the server refused it"]).join(" ")} What you typed is kept.`);
        return;
      }
      shown = mine;
      titleOut.textContent = answer.title;
      htmlOut.innerHTML = answer.html;
      output.hidden = false;
      say("Live preview: follows what you type.");
    } catch {
      if (mine > shown) say("Preview not updated (no answer from the server). What you typed is kept; the Preview button still works.");
    }
  };
  form.addEventListener("input", (event) => {
    if (event.target !== title && event.target !== body) return;
    clearTimeout(timer);
    timer = setTimeout(update, 400);
  });
  output.hidden = false;
  update();
})();
