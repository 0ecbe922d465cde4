import type { TrackingEvent, TrackingStatus } from '@app/contracts';
import { TRACKING_STATUS_LABELS } from '@app/contracts';

/**
 * A parcel's life as the stand-ins play it, one stage every `stageMs` from the time the carrier
 * first heard of it: 접수 → 집화 → 간선 → 배송출발 → 배달완료. Shared by the sandbox tracker (the
 * demo) and the tracker.delivery stand-in of the tests, so both tell the same story.
 */
export const PARCEL_STAGES: readonly { status: TrackingStatus; description: string; location: string }[] = [
  { status: 'INFORMATION_RECEIVED', description: '보내는 분이 택배를 접수했습니다.', location: '발송지' },
  { status: 'AT_PICKUP', description: '택배 기사님이 상품을 인수했습니다. (집화처리)', location: '발송지 집배점' },
  { status: 'IN_TRANSIT', description: '간선 상차: 허브 터미널로 이동 중입니다.', location: '대전 허브 터미널' },
  { status: 'OUT_FOR_DELIVERY', description: '배송 기사님이 배송을 시작했습니다.', location: '도착지 집배점' },
  { status: 'DELIVERED', description: '고객님의 상품이 배달 완료되었습니다.', location: '받는 분 주소지' },
];

/** The events of a parcel started at `startedAt`, as of `now`, oldest first (the first at once). */
export function parcelEvents(startedAt: Date, now: Date, stageMs: number): TrackingEvent[] {
  const events: TrackingEvent[] = [];
  PARCEL_STAGES.forEach((stage, i) => {
    const at = startedAt.getTime() + i * stageMs;
    if (i > 0 && at > now.getTime()) return;
    events.push({
      time: new Date(at).toISOString(),
      status: stage.status,
      status_label: TRACKING_STATUS_LABELS[stage.status],
      description: stage.description,
      location: stage.location,
    });
  });
  return events;
}
