/** Any path no route matches: a real 404 status with the site's 404 page (root ErrorBoundary). */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
