import { currentTermsVersion, type AuthResponse, type UserProfile } from "@vaxcal/contracts";

/** A farmer as GET /api/user returns them: both contacts given, neither verified yet. */
export const farmerFixture: UserProfile = {
  id: 7,
  username: "aoife@example.ie",
  name: "Aoife",
  surname: "Byrne",
  email: "aoife@example.ie",
  country_code: "+353",
  phone_number: "871234567",
  phone: "+353871234567",
  farmer_name: "Hillside Farm",
  address1: "Hillside",
  address2: null,
  town: "Ballinasloe",
  eircode: "H53 F2X4",
  county: "Galway",
  country: "Ireland",
  product_notifications: false,
  notify_email: true,
  notify_phone: true,
  herd_size: "51-100",
  flock_size: null,
  vet: null,
  vet_id: null,
  enterprises: [{ id: 1, name: "Dairy" }],
  animals: [{ id: 1, name: "Cows" }],
  email_verified_at: null,
  phone_verified_at: null,
  pending_email: null,
  pending_phone: null,
  terms_version: currentTermsVersion,
  roles: [{ name: "FARMER" }],
};

export const authResponseFixture: AuthResponse = {
  user: farmerFixture,
  token: "test-token-0123456789",
};
