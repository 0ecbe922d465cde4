import type { CarrierId } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { Seams } from '../seams.js';
import { parcelEvents } from './parcel-life.js';
import { sandboxParcels } from './sandbox.schema.js';
import type { ParcelTrack, ParcelTracker } from './tracker.js';

/**
 * The built-in tracking service (the default for `npm start` and tests): every well-formed number
 * is a parcel whose life starts when the service first hears of it (a registration or a look-up)
 * and moves one stage every `stageMs` (parcel-life.ts). It sends no webhooks: the tracking job
 * reads its parcels on a short interval instead.
 */
export function createSandboxTracker(
  db: DbOrTx,
  opts: { stageMs: number; seams: Pick<Seams, 'clock'> },
): ParcelTracker & { ship(tenantId: number, carrier: CarrierId, trackingNumber: string, at: Date): Promise<void> } {
  const { clock } = opts.seams;

  async function ship(tenantId: number, carrier: CarrierId, trackingNumber: string, at: Date) {
    await db.insert(sandboxParcels).values({ tenantId, carrier, trackingNumber, startedAt: at }).onConflictDoNothing();
  }

  return {
    kind: 'sandbox',
    /** The carrier hears of a parcel at `at` (the demo's parcels, shipped days ago). */
    ship,
    async track(tenantId, carrier, trackingNumber): Promise<ParcelTrack> {
      const now = clock.now();
      await ship(tenantId, carrier, trackingNumber, now);
      const [row] = await db
        .select({ startedAt: sandboxParcels.startedAt })
        .from(sandboxParcels)
        .where(
          and(
            eq(sandboxParcels.tenantId, tenantId),
            eq(sandboxParcels.carrier, carrier),
            eq(sandboxParcels.trackingNumber, trackingNumber),
          ),
        );
      const events = parcelEvents(row?.startedAt ?? now, now, opts.stageMs);
      return { status: events.at(-1)?.status ?? 'UNKNOWN', events };
    },
    async registerWebhook(tenantId, carrier, trackingNumber) {
      await ship(tenantId, carrier, trackingNumber, clock.now());
    },
  };
}
