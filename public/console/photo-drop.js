// Drag and drop for the console's photo upload (issue 49 item 2). The page's upload form is a
// plain multipart post with a file input, which works without JavaScript; this script only lets
// photos dropped onto the form fill that input and post it, after checking the post stays under
// the size the server takes (data-max-bytes), so a too-large drop is refused here, not by a 413.
(() => {
  for (const form of document.querySelectorAll("form[data-photo-drop]")) {
    const input = form.querySelector('input[type="file"]');
    const status = form.querySelector("[data-photo-drop-status]");
    const hint = form.querySelector("[data-photo-drop-hint]");
    if (!input || typeof DataTransfer === "undefined") continue;
    if (hint) hint.hidden = false;
    const maxBytes = Number(form.dataset.maxBytes || 0);
    const say = (text) => {
      if (status) status.textContent = text;
    };
    const highlight = (on) => form.classList.toggle("bg-slate-100", on);
    form.addEventListener("dragover", (event) => {
      if (!event.dataTransfer || ![...event.dataTransfer.types].includes("Files")) return;
      event.preventDefault();
      highlight(true);
    });
    form.addEventListener("dragleave", () => highlight(false));
    form.addEventListener("drop", (event) => {
      if (!event.dataTransfer || !event.dataTransfer.files.length) return;
      event.preventDefault();
      highlight(false);
      const files = event.dataTransfer.files;
      const total = [...files].reduce((sum, file) => sum + file.size, 0);
      if (maxBytes && total > maxBytes) {
        say(`These files come to ${Math.round(total / 1048576)} MB; one upload takes at most ${Math.round(maxBytes / 1048576)} MB. Drop fewer at a time.`);
        return;
      }
      input.files = files;
      say(`Uploading ${files.length} ${files.length === 1 ? "photo" : "photos"}…`);
      form.requestSubmit();
    });
  }
})();
