import type { Tenant } from '@app/contracts';
import { DEFAULT_POINT_REWARD_RATE } from '@app/contracts/plain';
import { BookOpen, Gift, type LucideIcon, MessageSquareHeart, PackageCheck, Store } from 'lucide-react';
import { formatWon } from './format';

/** What a visitor can do on a tenant's service; each comes from one feature switch. */
export type OfferingKey = 'content' | 'delivery' | 'shopping' | 'wallet' | 'reviews';

export interface Offering {
  key: OfferingKey;
  icon: LucideIcon;
  title: string;
  text: string;
  /** A short noun phrase for sentences that list what the service offers. */
  phrase: string;
  /** The same phrase with its object particle (을/를), for the end of such a list. */
  phraseWithParticle: string;
}

type OfferingTenant = Pick<Tenant, 'features' | 'settings'>;

/**
 * The tenant's offerings in the order a visitor meets them: one per enabled feature that matters
 * to a visitor, so the landing and about pages never advertise a feature that is switched off.
 * Reviews count only where something can be bought; points only where the wallet is on.
 */
export function serviceOfferings(tenant: OfferingTenant): Offering[] {
  const { features, settings } = tenant;
  const sells = features.shopping || features.delivery;
  const offerings: Offering[] = [];
  if (features.content) {
    offerings.push({
      key: 'content',
      icon: BookOpen,
      title: '생산자 이야기와 영상',
      text: '생산자가 직접 올리는 글과 짧은 영상으로 만드는 과정부터 확인하고 고르세요.',
      phrase: '생산자 이야기',
      phraseWithParticle: '생산자 이야기를',
    });
  }
  if (features.delivery) {
    offerings.push({
      key: 'delivery',
      icon: Store,
      title: '픽업·배달 주문',
      text: '가까운 가게에 미리 주문하고 원하는 시간에 찾아가거나 집에서 편하게 받아보세요.',
      phrase: '픽업·배달 주문',
      phraseWithParticle: '픽업·배달 주문을',
    });
  }
  if (features.shopping) {
    const threshold = settings.legal_info?.free_shipping_threshold;
    offerings.push({
      key: 'shopping',
      icon: PackageCheck,
      title: '택배 쇼핑',
      text:
        threshold && threshold > 0
          ? `꼼꼼히 고른 상품을 집 앞까지 보내드려요. ${formatWon(threshold)} 이상 사면 배송비가 무료예요.`
          : '꼼꼼히 고른 상품을 둘러보고 원하는 곳에서 택배로 받아보세요.',
      phrase: '택배 쇼핑',
      phraseWithParticle: '택배 쇼핑을',
    });
  }
  if (features.wallet && sells) {
    const rate = settings.point_reward_rate ?? DEFAULT_POINT_REWARD_RATE;
    offerings.push({
      key: 'wallet',
      icon: Gift,
      title: '적립금 혜택',
      text:
        features.payment && rate > 0
          ? `결제 금액의 ${rate}%가 적립금으로 쌓이고, 다음 주문에서 현금처럼 쓸 수 있어요.`
          : '모아 둔 적립금을 다음 주문에서 현금처럼 쓸 수 있어요.',
      phrase: '적립금 혜택',
      phraseWithParticle: '적립금 혜택을',
    });
  }
  if (features.reviews && sells) {
    offerings.push({
      key: 'reviews',
      icon: MessageSquareHeart,
      title: '솔직한 구매 리뷰',
      text: '직접 사 본 고객의 별점과 사진 리뷰를 보고 믿고 고르세요.',
      phrase: '구매 리뷰',
      phraseWithParticle: '구매 리뷰를',
    });
  }
  return offerings;
}

/** "생산자 이야기, 택배 쇼핑, 구매 리뷰를 한곳에서 만나보세요." — or '' when nothing is on. */
export function offeringsSentence(offerings: Offering[]): string {
  const last = offerings.at(-1);
  if (!last) return '';
  const list = [...offerings.slice(0, -1).map((o) => o.phrase), last.phraseWithParticle].join(', ');
  return `${list} 한곳에서 만나보세요.`;
}
