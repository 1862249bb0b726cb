export { LazyEmailSignupCard } from "./lazy-email-signup-card";
export { EmailLinkResult } from "./components/email-link-result";
