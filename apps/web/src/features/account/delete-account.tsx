import { useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { FormMessage } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { ApiError, apiErrorDetail } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { deleteAccount, deletionPreviewQuery } from './account.api';
import { accountMessages as m } from './messages';

const won = (n: number) => n.toLocaleString('ko-KR');

/**
 * 회원 탈퇴 (docs/decisions/030): the dialog first asks the server what deletion would do now,
 * lists the open orders that block it, says that points in progress must settle first, and says
 * before the confirmation how many points will be forfeited and how many products go off sale.
 */
export function DeleteAccount() {
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useQuery({ ...deletionPreviewQuery, enabled: open });
  const p = preview.data;

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
      await signOut(paths.home.getHref());
    } catch (err) {
      setError((err instanceof ApiError ? apiErrorDetail(err) : undefined) ?? m.deleteFailed);
      setBusy(false);
      setOpen(false);
      void preview.refetch();
    }
  };

  const blocked = !p?.can_delete;
  return (
    <section className="card account-section account-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{m.deleteSection}</h2>
      <p className="account-muted">{m.deleteText}</p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger asChild>
          <button type="button" className="btn btn-danger-outline">
            {m.deleteButton}
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="account-dialog-overlay" />
          <AlertDialog.Content className="account-dialog">
            <AlertDialog.Title className="account-dialog-title">{m.deleteConfirmTitle}</AlertDialog.Title>
            <AlertDialog.Description className="account-muted">{m.deleteConfirmText}</AlertDialog.Description>
            {preview.isPending ? <p className="account-muted">{m.deleteChecking}</p> : null}
            {preview.isError ? <FormMessage tone="error">{m.deleteCheckFailed}</FormMessage> : null}
            {p && p.open_orders.length > 0 ? (
              <div role="alert">
                <p>{m.deleteOpenOrders}</p>
                <ul className="account-muted">
                  {p.open_orders.map((o) => (
                    <li key={o.id}>{m.deleteOpenOrder(o.id, o.role, o.status_label, won(o.total_price))}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {p && p.points_locked > 0 ? <p role="alert">{m.deletePointsLocked(won(p.points_locked))}</p> : null}
            {p && p.points_available > 0 ? <p>{m.deletePointsForfeited(won(p.points_available))}</p> : null}
            {p && p.products_on_sale > 0 ? <p>{m.deleteProductsOffSale(p.products_on_sale)}</p> : null}
            <div className="account-dialog-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="btn btn-outline">
                  {m.deleteCancel}
                </button>
              </AlertDialog.Cancel>
              <button type="button" className="btn btn-danger" onClick={remove} disabled={busy || blocked}>
                {busy ? m.deleting : m.deleteConfirm}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
