import type { Tracking, TrackingStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, ExternalLink, MapPin, PackageSearch, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Sheet } from '@/components/sheet';
import { ApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatMonthDayTime } from '@/lib/dates';
import { formatTrackingNumber, trackingQuery } from '@/lib/parcel-tracking';
import { trackingMessages as m } from '@/messages/tracking';
import './tracking.css';

interface TrackingSheetProps {
  /** The order whose parcel is shown; null keeps the sheet closed. */
  orderId: number | null;
  onOpenChange: (open: boolean) => void;
  /**
   * Called once when the carrier reports the parcel delivered: the server has then moved the order
   * to DELIVERED itself, so the caller refreshes its lists. Leave it out for an order shown delivered.
   */
  onDelivered?: () => void;
}

/**
 * 배송조회: the parcel's carrier and number, its current status and the carrier's events, newest on
 * top as Korean delivery apps show them, with the carrier's own page one tap away. The buyer's
 * orders and the merchant's order management open the same sheet.
 */
export function TrackingSheet({ orderId, onOpenChange, onDelivered }: TrackingSheetProps) {
  return (
    <Sheet open={orderId !== null} onOpenChange={onOpenChange} title={m.title} className="sheet-wide">
      {orderId !== null ? <TrackingView key={orderId} orderId={orderId} onDelivered={onDelivered} /> : null}
    </Sheet>
  );
}

function TrackingView({ orderId, onDelivered }: { orderId: number; onDelivered?: () => void }) {
  const query = useQuery(trackingQuery(orderId));
  const status = query.data?.status;
  const told = useRef(false);
  useEffect(() => {
    if (status !== 'DELIVERED' || told.current) return;
    told.current = true;
    onDelivered?.();
  }, [status, onDelivered]);

  if (query.isPending) return <TrackingSkeleton />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="tracking-message" role="alert">
        <PackageSearch size={28} aria-hidden="true" className="tracking-message-icon" />
        <p className="tracking-message-title">{missing ? m.noShipment : m.failed}</p>
        {missing ? null : (
          <>
            <p className="tracking-muted">{m.failedHint}</p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              {m.retry}
            </button>
          </>
        )}
      </div>
    );
  }
  return <TrackingDetails tracking={query.data} refreshing={query.isFetching} onRefresh={() => void query.refetch()} />;
}

/** The colour of a status: delivered, trouble on the way, or moving. */
function statusTone(status: TrackingStatus | null): 'done' | 'trouble' | 'moving' {
  if (status === 'DELIVERED') return 'done';
  if (status === 'ATTEMPT_FAIL' || status === 'EXCEPTION') return 'trouble';
  return 'moving';
}

function TrackingDetails({
  tracking,
  refreshing,
  onRefresh,
}: {
  tracking: Tracking;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const id = useId();
  // The carrier answers oldest first; the newest step goes on top.
  const events = [...tracking.events].reverse();
  const latest = events[0];
  const statusLabel = tracking.status_label ?? latest?.status_label ?? null;
  const status = tracking.status ?? latest?.status ?? null;
  return (
    <div className="tracking">
      <div className="tracking-parcel">
        <div className="tracking-parcel-text">
          <p className="tracking-carrier">{tracking.carrier_name}</p>
          <p className="tracking-number tabular">
            <span className="visually-hidden">{m.trackingNumber} </span>
            {formatTrackingNumber(tracking.tracking_number)}
          </p>
        </div>
        <CopyNumberButton value={tracking.tracking_number} />
      </div>

      {statusLabel ? (
        <div className={`tracking-status tracking-status-${statusTone(status)}`}>
          <span className="tracking-status-caption">{m.currentStatus}</span>
          <strong className="tracking-status-label">{statusLabel}</strong>
        </div>
      ) : null}

      <div className="tracking-checked">
        <span className="tracking-muted tabular">
          {tracking.checked_at ? m.checkedAt(formatMonthDayTime(tracking.checked_at)) : null}
        </span>
        <button type="button" className="link-button" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw size={14} aria-hidden="true" />
          {refreshing ? m.refreshing : m.refresh}
        </button>
      </div>

      {events.length === 0 ? (
        <div className="tracking-message" role="status">
          <PackageSearch size={28} aria-hidden="true" className="tracking-message-icon" />
          <p className="tracking-message-title">{m.noEvents}</p>
          <p className="tracking-muted">{m.noEventsHint}</p>
        </div>
      ) : (
        <section aria-labelledby={`${id}-events`}>
          <h3 id={`${id}-events`} className="visually-hidden">
            {m.events}
          </h3>
          <ol className="tracking-timeline">
            {events.map((event, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the carrier only appends, so the place counted from the oldest stays an event's own
                key={events.length - index}
                className={index === 0 ? 'tracking-event is-latest' : 'tracking-event'}
                aria-current={index === 0 ? 'step' : undefined}
              >
                <span className="tracking-event-dot" aria-hidden="true" />
                <div className="tracking-event-body">
                  <p className="tracking-event-label">{event.status_label}</p>
                  <time dateTime={event.time} className="tracking-event-time tabular">
                    {formatMonthDayTime(event.time)}
                  </time>
                  {event.description ? <p className="tracking-event-description">{event.description}</p> : null}
                  {event.location ? (
                    <p className="tracking-event-location">
                      <MapPin size={13} aria-hidden="true" />
                      {event.location}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}

      <a className="btn btn-outline btn-block" href={tracking.tracking_url} target="_blank" rel="noopener noreferrer">
        {m.carrierSite}
        <ExternalLink size={16} aria-hidden="true" />
        <span className="visually-hidden">{m.newWindow}</span>
      </a>
    </div>
  );
}

/** Copies the number as stored (digits only), the way carriers' pages and apps take it. */
function CopyNumberButton({ value }: { value: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <div className="tracking-copy">
      <button
        type="button"
        className="btn btn-outline tracking-copy-button"
        aria-label={m.copyNumber}
        onClick={() =>
          copyText(value).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        {m.copy}
      </button>
      <p className="tracking-copy-note" role="status">
        {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
      </p>
    </div>
  );
}

function TrackingSkeleton() {
  return (
    <div className="tracking" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      <div className="skeleton" style={{ height: 56 }} aria-hidden="true" />
      <div className="skeleton" style={{ height: 64 }} aria-hidden="true" />
      <div className="skeleton" style={{ height: 160 }} aria-hidden="true" />
    </div>
  );
}
