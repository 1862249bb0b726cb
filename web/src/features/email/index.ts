export { EmailSignupCard } from "./email-signup-card";
