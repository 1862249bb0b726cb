import { lazyModal } from "../../../lib/lazy-modal";

/** The profile popup, loaded the first time a username is clicked. */
export const ProfilePopup = lazyModal(() => import("./profile-popup").then((m) => m.ProfilePopup));
