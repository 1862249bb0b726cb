import { AdminPage } from "../../features/admin-shell";
import { FastPassManager } from "../../features/loyalty";

export function FastPassPage() {
  return (
    <AdminPage title="Grant Fast Passes" kind="reading" intro="A member spends one token to go ahead of regular entries: Super VIP first, then VIP, then Premium.">
      <FastPassManager />
    </AdminPage>
  );
}
