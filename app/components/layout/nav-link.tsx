import { forwardRef, type AnchorHTMLAttributes } from "react";
import { Link } from "react-router";
import { isExternalUrl } from "~/domain/navigation/navigation";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { url: string; children: React.ReactNode };

/**
 * A navigation link (spec 2.7): external URLs open in a new tab with rel="noopener noreferrer"
 * and an accessible "(opens in a new tab)" hint; resource paths (".xml", ".pdf") load as
 * documents; other site paths navigate in the app.
 */
export const NavHref = forwardRef<HTMLAnchorElement, Props>(function NavHref({ url, children, ...rest }, ref) {
  if (isExternalUrl(url)) {
    return (
      <a ref={ref} href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span aria-hidden="true" className="ml-1 text-[0.7em]">↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link ref={ref} to={url} reloadDocument={/\.[a-z]{2,4}$/i.test(url.split("?")[0])} {...rest}>
      {children}
    </Link>
  );
});
