/** Fast Pass: the member's balance, the tier choice on the form, watch-time pings, and the host's grants. */
export { balanceQuery, loyaltyKeys, useFastPassBalance, useRefreshBalance } from "./api";
export { FastPassBalance } from "./components/fast-pass-balance";
export { FastPassChoice } from "./components/fast-pass-choice";
export { FastPassManager } from "./components/fast-pass-manager";
export { useWatchPings } from "./use-watch-pings";
