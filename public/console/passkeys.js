// Passkey sign-in and registration for the Forecourt dealer console (issue 48). The console's
// pages are plain HTML forms; passkeys need the browser's WebAuthn API, so this one small script
// runs the two ceremonies against better-auth's passkey endpoints, using the browser's own JSON
// helpers (PublicKeyCredential.parse*OptionsFromJSON, credential.toJSON()) rather than hand-made
// base64 conversions. Without them (or without JavaScript) the passkey buttons stay hidden and the
// e-mailed code works as before.
(() => {
  const PKC = window.PublicKeyCredential;
  const supported = !!PKC && typeof PKC.parseCreationOptionsFromJSON === "function" && typeof PKC.parseRequestOptionsFromJSON === "function";
  for (const element of document.querySelectorAll("[data-passkey]")) element.hidden = !supported;
  if (!supported) return;
  const status = document.querySelector("[data-passkey-status]");
  const say = (text) => {
    if (status) status.textContent = text;
  };

  async function call(path, body) {
    const response = await fetch(`/api/auth${path}`, body === undefined ? { credentials: "same-origin" } : { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, data };
  }

  // Signs in with a passkey: a new session (better-auth ends the one this browser held).
  async function authenticate() {
    const options = await call("/passkey/generate-authenticate-options");
    if (!options.ok) {
      say(options.status === 429 ? "Too many attempts from here. Please wait a few minutes and try again." : "Passkey sign-in is not available just now. Use an e-mailed code below.");
      return false;
    }
    const credential = await navigator.credentials.get({ publicKey: PKC.parseRequestOptionsFromJSON(options.data) });
    const verified = await call("/passkey/verify-authentication", { response: credential.toJSON() });
    if (!verified.ok) say("That passkey did not sign you in. Try again, or use an e-mailed code below.");
    return verified.ok;
  }

  async function signIn(button) {
    if (await authenticate()) window.location.assign(button.dataset.next || "/");
  }

  // Step-up (a high-value change): confirm with a passkey, then post the kept form again.
  async function stepUp(button) {
    if (await authenticate()) button.form.submit();
  }

  async function register(button) {
    const input = document.getElementById(button.dataset.nameInput || "");
    const name = input && input.value.trim() ? input.value.trim().slice(0, 60) : "";
    const options = await call(`/passkey/generate-register-options${name ? `?name=${encodeURIComponent(name)}` : ""}`);
    if (!options.ok) return say(options.status === 401 || options.status === 403 ? "Please sign in again (with a code) before adding a passkey." : "Adding a passkey is not available just now.");
    const credential = await navigator.credentials.create({ publicKey: PKC.parseCreationOptionsFromJSON(options.data) });
    const verified = await call("/passkey/verify-registration", { response: credential.toJSON(), ...(name ? { name } : {}) });
    if (!verified.ok) return say("The passkey was not saved. Please try again.");
    // Keeps the page's query (e.g. where an operator was going when a passkey was asked for).
    const query = new URLSearchParams(window.location.search);
    query.set("added", "1");
    window.location.assign(`${window.location.pathname}?${query}`);
  }

  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-passkey-action]") : null;
    if (!button) return;
    event.preventDefault();
    say("Waiting for your passkey...");
    const action = button.dataset.passkeyAction;
    const run = action === "register" ? register : action === "step-up" ? stepUp : signIn;
    run(button).catch((error) => say(error && error.name === "NotAllowedError" ? "Cancelled: no passkey was used." : "The passkey did not work here. Use an e-mailed code instead."));
  });
})();
