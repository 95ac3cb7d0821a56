/** Any other path on the console host: 404 (dealer pages never answer here, decision 249). */
import { data } from "react-router";

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function ConsoleNotFound() {
  return null;
}
