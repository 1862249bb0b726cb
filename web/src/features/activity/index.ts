export { usePageActivity } from "./use-page-activity";
