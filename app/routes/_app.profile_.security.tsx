// Security Settings from the admin's profile is the same page every user has at /account/security.
export { action, default, loader, meta } from "./_app.account.security";
