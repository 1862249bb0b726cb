import { Loader } from "@mantine/core";
import { Suspense } from "react";
import { AdminPage } from "../../features/admin-shell";
import { BanForm, BanList, HostLimitsForm } from "../../features/moderation";

export function BansPage() {
  return (
    <AdminPage
      title="Bans"
      kind="reading"
      intro="A banned submitter or song, or a submission over one of your limits, is refused on submit with a clear message. Lifting a ban lets them back at once."
    >
      <Suspense fallback={<Loader aria-label="Loading the limits" />}>
        <HostLimitsForm />
      </Suspense>
      <BanForm />
      <Suspense fallback={<Loader aria-label="Loading the bans" />}>
        <BanList />
      </Suspense>
    </AdminPage>
  );
}
