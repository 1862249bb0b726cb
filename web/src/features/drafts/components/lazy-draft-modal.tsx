import { lazyModal } from "../../../lib/lazy-modal";

/** The draft modal, loaded when first opened. */
export const LazyDraftModal = lazyModal(() => import("./draft-modal").then((m) => m.DraftModal));
