// What other features may use of the account: who is signed in (and telling the auth machine of a change), the way
// to sign in and come back, and the account calls the profile page makes.
export { useAuthActor, useUser } from "./auth-provider";
export { RETURN_URL_PARAM, signInPathFor } from "./components/protected-route";
export { changePassword, getProfile, safeReturnUrl, updateProfile } from "./api/account-calls";
