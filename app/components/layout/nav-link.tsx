import { createContext, forwardRef, useContext, type AnchorHTMLAttributes } from "react";
import { Link } from "react-router";
import { isExternalUrl } from "~/domain/navigation/navigation";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { url: string; children: React.ReactNode };

/**
 * True where links are only ever followed without JavaScript (the phone menu's no-JavaScript list,
 * `NoScriptNav`): `NavHref` renders a plain `<a href>` there instead of React Router's `<Link>`,
 * which resolves its path against the route tree for every link it renders (issue 15: the list's
 * 98 links were most of a page's link rendering on the server, decision 187).
 */
export const PlainLinksContext = createContext(false);

/**
 * A navigation link (spec 2.7): external URLs open in a new tab with rel="noopener noreferrer"
 * and an accessible "(opens in a new tab)" hint; resource paths (".xml", ".pdf") load as
 * documents; other site paths navigate in the app.
 */
export const NavHref = forwardRef<HTMLAnchorElement, Props>(function NavHref({ url, children, ...rest }, ref) {
  const plain = useContext(PlainLinksContext);
  if (isExternalUrl(url)) {
    return (
      <a ref={ref} href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span aria-hidden="true" className="ml-1 text-[0.7em]">↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (plain) {
    return (
      <a ref={ref} href={url} {...rest}>
        {children}
      </a>
    );
  }
  // A resource path loads as a document: no route to discover, and no `data-discover`, which a
  // kept element reads as "navigate in the app" (decision 192).
  const loadsDocument = /\.[a-z]{2,4}$/i.test(url.split("?")[0]);
  return (
    <Link ref={ref} to={url} reloadDocument={loadsDocument} discover={loadsDocument ? "none" : undefined} {...rest}>
      {children}
    </Link>
  );
});
