/** Any path no route matches: a real 404 status with the site's 404 page (the site layout's ErrorBoundary, app/routes/site-layout.tsx). */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
