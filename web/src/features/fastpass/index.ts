/** Fast Pass as the rest of the app sees it: the member's balance, the tier choice on the form, watch-time pings. */
export { balanceQuery, loyaltyKeys, useFastPassBalance, useRefreshBalance } from "./api";
export { FastPassBalance } from "./components/fast-pass-balance";
export { FastPassChoice } from "./components/fast-pass-choice";
export { useWatchPings } from "./use-watch-pings";
