import type { LikeState, Review } from '@app/contracts';
import { type ComponentType, createContext, type ReactNode, use } from 'react';
import type { MerchantTab } from './dashboard-tabs';

/**
 * What the dashboard borrows from other features. Features never import each other, so app/
 * hands these in (app/dashboard-screen.tsx): the content feature's share menu, like call and comment list, the
 * reviews feature's review item and stars, and the merchant tabs.
 */
export interface DashboardParts {
  /** The content feature's share button and menu for a post. */
  ShareButton: ComponentType<{ postId: number; title: string; text: string }>;
  /** POST (like) or DELETE (unlike) /api/content/posts/{id}/like. */
  setLike: (postId: number, liked: boolean) => Promise<LikeState>;
  /**
   * The content feature's comment list: rows indented by depth, reply below depth 5 (members only),
   * delete for the author after a confirmation; `onChanged` runs after a reply or a delete.
   */
  CommentList: ComponentType<{
    postId: number;
    comments: readonly PartComment[];
    indentPx: number;
    onChanged: () => void;
    confirm?: { title: string; text: string };
  }>;
  /** One of the user's own reviews, as the reviews feature shows it. */
  ReviewItem: ComponentType<{ review: Review }>;
  /** Five stars filled up to `value`. */
  ReviewStars: ComponentType<{ value: number; size?: number; label?: string }>;
  /** The merchant tabs' screens (loaded when their tab opens). */
  merchantTabs: Partial<Record<MerchantTab, ReactNode>>;
}

/** A comment as the borrowed comment list reads it. */
export interface PartComment {
  id: number;
  content: string;
  created_at: string;
  depth: number;
  is_deleted: boolean;
  author: { id: number; username: string; profile_image: string | null } | null;
}

const PartsContext = createContext<DashboardParts | null>(null);

export function DashboardPartsProvider({ parts, children }: { parts: DashboardParts; children: ReactNode }) {
  return <PartsContext value={parts}>{children}</PartsContext>;
}

export function useDashboardParts(): DashboardParts {
  const parts = use(PartsContext);
  if (!parts) throw new Error('useDashboardParts must be used inside DashboardPage');
  return parts;
}
