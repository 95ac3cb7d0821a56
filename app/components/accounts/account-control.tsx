/**
 * Header sign-in / sign-out control (issue 9; spec 6). Signed in: a My Garage link and a
 * 'Sign out' button (a form POST, works without JavaScript). Signed out: a 'Sign in' link, only
 * on sites with `features.authentication` on (docs/decisions/090: with authentication off,
 * sign-in is offered only through gated pages). Self-contained so any header can place it.
 */
import { Form, useLocation } from "react-router";
import { Link } from "react-router";
import { signInHref } from "~/domain/accounts/redirect";
import { useAccount } from "./use-account";

export function AccountControl() {
  const account = useAccount();
  const location = useLocation();
  if (!account) return null;
  if (account.shopper) {
    return (
      <div className="flex items-center gap-3 text-sm" data-testid="account-control">
        <Link to={account.garagePath} className="font-semibold hover:underline">
          My Garage
        </Link>
        <Form method="post" action="/sign-out" reloadDocument>
          <button type="submit" className="rounded border border-current px-2 py-1 hover:underline">
            Sign out
          </button>
        </Form>
      </div>
    );
  }
  if (!account.signInOffered) return null;
  const here = `${location.pathname}${location.search}`;
  const onSignIn = location.pathname === "/sign-in";
  return (
    <div className="text-sm" data-testid="account-control">
      {onSignIn ? null : (
        <a href={signInHref({ type: "account", redirect: here, back: here })} className="rounded border border-current px-2 py-1 font-semibold hover:underline">
          Sign in
        </a>
      )}
    </div>
  );
}
