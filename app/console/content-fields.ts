/** Constants the console's content pages share between their server code and their markup (issue 50). */

/** Location types (spec 3 "Dealership / location"). */
export const LOCATION_TYPES = ["sales", "service", "parts", "service-and-parts"] as const;

/** What an image upload's file input accepts (app/console/uploads.server.ts checks the bytes themselves). */
export const ACCEPT_ATTRIBUTE = "image/png,image/jpeg,image/webp,image/gif,image/svg+xml";
