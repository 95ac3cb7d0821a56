/**
 * Issue 52: what the VDP shows for data/demo-full-spec.csv (DEMO-SPEC-1), label -> text, with
 * spec 9 units and the site's date format. Shared by the integration test (both engines) and the
 * e2e test, which read the same feed.
 */
export const FULL_SPEC_SPECS: Readonly<Record<string, string>> = {
  "Interior colour": "Black Leather",
  Gearbox: "8 SP AUTOMATIC",
  Gears: "8",
  "Gear type": "Sports Automatic",
  Induction: "Turbo",
  Torque: "416 Nm",
  Engine: "2,200 cc",
  "Fuel consumption": "6.3 L/100km",
  "Fuel tank": "54 L",
  Length: "4,660 mm",
  Width: "1,865 mm",
  Height: "1,665 mm",
  "Gross vehicle mass": "2,400 kg",
  "Towing capacity (braked)": "1,900 kg",
  "ANCAP safety rating": "5 stars",
  VIN: "KNAPU81GMP7123456",
  NVIC: "0HJ223",
};

export const FULL_SPEC_KEY_INFO: Readonly<Record<string, string>> = {
  "Build date": "02/2023",
  "Compliance date": "04/2023",
  "Offer price": "$47,490",
  "Price type": "Drive Away",
  "Listing title": "2023 Kia Sportage SX+ NQ5 Auto AWD MY23 Diesel",
};
