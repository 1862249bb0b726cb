import { AdminPage } from "../../features/admin-shell";
import { BanForm, BanList, HostLimitsForm } from "../../features/moderation";
import { LoadingBoundary } from "../../components/loading-boundary";

export function BansPage() {
  return (
    <AdminPage
      title="Bans"
      kind="reading"
      intro="A banned submitter or song, or a submission over one of your limits, is refused on submit with a clear message. Lifting a ban lets them back at once."
    >
      <LoadingBoundary label="Loading the limits">
        <HostLimitsForm />
      </LoadingBoundary>
      <BanForm />
      <LoadingBoundary label="Loading the bans">
        <BanList />
      </LoadingBoundary>
    </AdminPage>
  );
}
