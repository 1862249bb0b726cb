import { FlagSwitch, queueFlag } from "./flag-switch";

/** Opens or closes the queue at once; everyone sees the change live. */
export function QueueSwitch({ isOn }: { isOn: boolean }) {
  return <FlagSwitch {...queueFlag} isOn={isOn} />;
}
