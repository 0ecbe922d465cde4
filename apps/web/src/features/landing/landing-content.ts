import type { Tenant } from '@app/contracts';
import { type Offering, offeringsSentence, serviceOfferings } from '@/lib/offerings';
import { landingMessages as m } from './messages';

export interface LandingContent {
  title: string;
  /** May hold HTML (sanitised when rendered). */
  subtitle: string;
  /** May hold HTML (sanitised when rendered). */
  description: string;
  offerings: Offering[];
  /** Producer sign-up buttons: only where merchants can register. */
  showProducer: boolean;
  /** Producer stories: only with the content feature. */
  showStories: boolean;
  ctaText: string;
}

/**
 * What the landing page says for a tenant: its own hero texts, else defaults that promise only
 * what its switched-on features deliver.
 */
export function landingContent(tenant: Pick<Tenant, 'features' | 'settings'>, displayName: string): LandingContent {
  const info = tenant.settings.service_info ?? {};
  const offerings = serviceOfferings(tenant);
  const showProducer = tenant.features.merchant;
  return {
    title: info.hero_title?.trim() || m.heroTitle,
    subtitle: info.hero_subtitle?.trim() || (tenant.features.content ? m.heroSubtitleWatch : m.heroSubtitle),
    description: info.hero_description?.trim() || offeringsSentence(offerings) || m.heroDescriptionEmpty,
    offerings,
    showProducer,
    showStories: tenant.features.content,
    ctaText: showProducer ? m.ctaTextBoth : m.ctaTextCustomer(displayName),
  };
}
