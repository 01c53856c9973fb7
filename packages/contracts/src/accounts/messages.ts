/** Every text the accounts API returns or the forms show. Spec texts are kept word for word. */
export const accountMessages = {
  // Registration step 1 (docs/product.md §5)
  nameRequired: "Please provide a name before continuing",
  surnameRequired: "Please provide a surname",
  /** docs/product.md D6: e-mail or mobile, not both. */
  emailOrMobileRequired: "Please fill in your email address or your mobile number",
  emailInvalid: "Please provide a valid email address.",
  emailTaken: "This email address is already registered. Please log in or reset your password.",
  mobileInvalid: "Please enter a valid UK or Irish mobile number.",
  mobileTaken: "This mobile number is already registered. Please log in or reset your password.",
  addressRequired: "Please provide an address.",
  townRequired: "Please provide a farm Town",
  eircodeRequired: "Please provide a farm Eircode",
  eircodeInvalid: "Please provide a valid Eircode, for example A65 F4E2",
  countyRequired: "Please select county",
  countryRequired: "Please select country",
  termsRequired: "You have to agree to our terms and conditions before continuing.",
  unsupportedCharacters: "Please use only letters, numbers and punctuation.",
  // Registration step 2 (docs/product.md §5; D9)
  passwordRequired: "Please provide a password before continuing.",
  passwordConfirmationRequired: "Please confirm your password before continuing.",
  passwordMismatch: "The two passwords must match.",
  passwordTooShort: "Your password must be at least 8 characters long.",
  passwordTooLong: "Your password must be at most 128 characters long.",
  passwordTooCommon: "This password is too common and easy to guess. Please choose another one.",
  // Registration step 3 (docs/product.md D10)
  herdSizeRequired: "Please select herd size",
  flockSizeRequired: "Please select flock size",
  choiceInvalid: "Please choose one of the options.",
  vetInvalid: "Please choose a vet practice from the list.",
  registered: "You have successfully registered, we will be in touch soon.",
  // Login and logout
  usernameRequired: "Please enter your email address or mobile number.",
  loginPasswordRequired: "Please enter your password.",
  /** Says nothing about whether the account exists. */
  loginFailed: "The email address, mobile number or password is not correct.",
  loginThrottled: "Too many failed login attempts. Please wait a minute and try again.",
  loggedOut: "You’ve been logged out!",
  unauthenticated: "Please log in to continue.",
  // E-mail verification
  emailVerified: "Successfully verified your email address! You can now receive notifications.",
  emailVerificationInvalid:
    "This verification link is not valid or has expired. Please ask for a new one from your account settings.",
  emailAlreadyVerified: "Your email address is already verified.",
  emailVerificationSent: "We have sent a new verification link to your email address.",
  noEmailOnAccount: "There is no email address on your account. Please add one in your settings.",
  // Mobile verification
  mobileVerified: "Successfully verified your mobile number. You can now receive notifications.",
  mobileCodeFormat: "Please enter the 6-digit code from the text message.",
  mobileCodeInvalid:
    "This code is not correct or has expired. Please check the text message or ask for a new code.",
  mobileAlreadyVerified: "Your mobile number is already verified.",
  mobileCodeSent: "We have sent a new verification code to your mobile.",
  noMobileOnAccount: "There is no mobile number on your account. Please add one in your settings.",
  // Password reset
  resetEmailRequired: "Please fill in your email address",
  /** Decision 202: a farmer may have registered with a mobile alone, so either is taken. */
  resetContactRequired: "Please fill in your email address or mobile number",
  resetContactInvalid: "Please enter your email address or a valid mobile number.",
  /** The same answer whether or not an account uses the address or number. */
  resetLinkSent:
    "If this email address or mobile number belongs to an account, we have sent it a link to reset the password. The link works for 60 minutes.",
  resetTokenInvalid: "Invalid or expired token. Please request a new password reset.",
  passwordReset: "Your password has been reset. You are now logged in.",
  // Settings (docs/product.md §5 "Account settings")
  settingsPasswordMismatch: "Passwords do not match",
  currentPasswordRequired: "Please enter your current password to set a new one.",
  currentPasswordWrong: "Your current password is not correct.",
  notifyEmailNeedsEmail: "Please add an email address to receive email notifications.",
  notifyPhoneNeedsPhone: "Please add a mobile number to receive text notifications.",
  contactRequired: "Please keep an email address or a mobile number on your account.",
  keepContactUntilConfirmed:
    "Please keep your current email address or mobile number until the new one is confirmed.",
  // Throttling of the other account calls
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
} as const;

/** A limit that a caller can reach with ordinary typing shows which field is too long. */
export function describeTooLong(maxLength: number): string {
  return `Please use at most ${maxLength} characters.`;
}
