// A new auction saved as a draft, and a draft edited (PATCH, New only: once published it is refused, and the page
// says so). Both open the auction's page once saved.
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import { Link, Navigate, useNavigate, useParams } from "react-router-dom";
import { IdParam, type OperatorAuctionDetail } from "../../../../contract";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { auctionQuery, createAuction, updateDraft, useAuctionMutation } from "../api/auctions";
import { AuctionDraftForm } from "../components/auction-draft-form";
import { draftValues, emptyDraft } from "../draft-form";
import { refusalText } from "../form-issues";

export function NewAuctionPage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const mutation = useAuctionMutation(createAuction);
  return (
    <>
      <BackToAuctions status="New" />
      <PageHeading title={t("operator.form.title")}>{t("operator.form.intro")}</PageHeading>
      <AuctionDraftForm
        initial={emptyDraft()}
        saveLabel={t("operator.form.save")}
        conflictKey="operator.form.refused"
        saveHint={t("operator.form.saveHint")}
        isPending={mutation.isPending}
        onSave={async (body) => {
          const auction = await mutation.mutateAsync(body);
          showToast("success", t("operator.form.saved", { title: auction.title }));
          await navigate(`/operator/auctions/${auction.id}`);
        }}
      />
    </>
  );
}

export function EditDraftPage() {
  const { t } = useTexts();
  const parsedId = IdParam.safeParse(useParams().auctionId ?? "");
  const { data: auction, error } = useQuery({ ...auctionQuery(parsedId.success ? parsedId.data : 0), enabled: parsedId.success });
  if (!parsedId.success) return <EmptyState>{t("errors.NOT_FOUND")}</EmptyState>;
  if (error) return <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />;
  if (!auction) return <CenteredProgressBar />;
  // Only a draft can be edited: anything else shows as it is.
  if (auction.status !== "New") return <Navigate to={`/operator/auctions/${auction.id}`} replace />;
  return <EditDraft auction={auction} />;
}

function EditDraft({ auction }: { auction: OperatorAuctionDetail }) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const mutation = useAuctionMutation(updateDraft);
  return (
    <>
      <BackToAuctions status="New" />
      <PageHeading title={t("operator.form.editTitle", { title: auction.title })}>{t("operator.form.editIntro")}</PageHeading>
      <AuctionDraftForm
        initial={draftValues(auction)}
        saveLabel={t("operator.form.saveChanges")}
        conflictKey="operator.form.editRefused"
        saveHint={t("operator.form.saveHint")}
        isPending={mutation.isPending}
        onSave={async ({ publish: _publish, ...body }) => {
          // An emptied hard end or price cap is cleared, not left as it was.
          const changed = await mutation.mutateAsync({
            id: auction.id,
            body: { ...body, hardEndsAt: body.hardEndsAt ?? null, priceCapCents: body.priceCapCents ?? null },
          });
          showToast("success", t("operator.form.changed", { title: changed.title }));
          await navigate(`/operator/auctions/${changed.id}`);
        }}
      />
    </>
  );
}

function BackToAuctions({ status }: { status: string }) {
  const { t } = useTexts();
  return (
    <p className="mb-2 text-sm">
      <Link to={`/operator/auctions?status=${status}`} className="text-accent hover:underline">
        ← {t("operator.auctions.title")}
      </Link>
    </p>
  );
}
