/** The catalogue's values without zod: catalogue.ts re-exports them and builds its schemas on them. */

import { formatNumber } from './numbers.js';

/** A category of the lists below and of `/api/categories` (catalogue.ts's categorySchema). */
export interface Category {
  value: string;
  label: string;
  emoji?: string;
}

/** In the order the screens show them; the first item is the 'all' filter. */
export const shoppingCategories: Category[] = [
  { value: 'all', label: '전체' },
  { value: 'clothing', label: '의류' },
  { value: 'food', label: '식품' },
  { value: 'beauty', label: '뷰티' },
  { value: 'household', label: '생활용품' },
  { value: 'kitchenware', label: '주방용품' },
  { value: 'appliances', label: '가전' },
  { value: 'interior', label: '인테리어' },
  { value: 'books', label: '도서' },
];

export const deliveryCategories: Category[] = [
  { value: 'all', label: '전체', emoji: '🍽️' },
  { value: 'korean', label: '한식', emoji: '🍚' },
  { value: 'snack', label: '분식', emoji: '🍢' },
  { value: 'chicken', label: '치킨', emoji: '🍗' },
  { value: 'pizza', label: '피자', emoji: '🍕' },
  { value: 'chinese', label: '중식', emoji: '🥡' },
  { value: 'japanese', label: '일식', emoji: '🍣' },
  { value: 'cafe', label: '카페·디저트', emoji: '☕' },
  { value: 'bakery', label: '베이커리', emoji: '🥐' },
  { value: 'fruit_vegetable', label: '과일·채소', emoji: '🥬' },
  { value: 'meat', label: '정육', emoji: '🥩' },
  { value: 'seafood', label: '수산', emoji: '🐟' },
  { value: 'side_dish', label: '반찬', emoji: '🍱' },
];

export const PRODUCT_TITLE_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** Prices are integer won; the ceiling keeps sums of many items far inside 32-bit columns. */
export const PRODUCT_PRICE_MAX = 100_000_000;
export const PRODUCT_IMAGES_MAX = 10;
/** Options (sizes) of one product: one level (docs/decisions/037-product-options.md). */
export const PRODUCT_OPTIONS_MAX = 30;
export const PRODUCT_OPTION_NAME_MAX = 40;
/** The largest stock count a merchant may enter (a product's or an option's). */
export const STOCK_MAX = 1_000_000;
export const PRODUCT_IMAGE_BYTES_MAX = 20 * 1024 * 1024;
/** The stock options of the form; the server accepts any count from -1 up. */
export const displayRemainingOptions = [-1, 0, 1, 5, 10] as const;
export const LOW_STOCK_AT = 10;

export const productMessages = {
  titleRequired: '상품명을 입력해주세요.',
  descriptionTooLong: `상품 설명은 ${PRODUCT_DESCRIPTION_MAX}자 이하로 입력해주세요.`,
  priceRequired: '가격을 입력해주세요.',
  pricePositive: '가격은 0보다 커야 합니다.',
  priceInteger: '가격은 원 단위 정수로 입력해주세요.',
  priceTooHigh: `가격은 ${formatNumber(PRODUCT_PRICE_MAX)}원 이하로 입력해주세요.`,
  originalPriceMin: '정가는 0원 이상이어야 합니다.',
  categoryRequired: '카테고리를 선택해주세요.',
  deliveryCategoryRequired: '배달 카테고리를 선택해주세요.',
  categoryInvalid: '올바른 카테고리가 아닙니다.',
  deliveryCategoryInvalid: '올바른 배달 카테고리가 아닙니다.',
  remainingInvalid: '재고는 -1(표시 안 함) 이상의 정수여야 합니다.',
  stockInvalid: `재고는 0부터 ${formatNumber(STOCK_MAX)} 사이의 정수로 입력해주세요. 무제한이면 비워두세요.`,
  optionNameRequired: '옵션 이름을 입력해주세요.',
  optionNameDuplicate: '같은 이름의 옵션이 있습니다.',
  optionsMax: `옵션은 최대 ${PRODUCT_OPTIONS_MAX}개까지 만들 수 있습니다.`,
  optionStockOnly: '옵션이 있는 상품은 옵션별로 재고를 입력해주세요.',
  optionUnknown: '이 상품에 없는 옵션입니다. 새로고침한 뒤 다시 시도해주세요.',
  kindLocked: '상품 유형(쇼핑/배달)은 수정할 수 없습니다.',
  imagesMax: `이미지는 최대 ${PRODUCT_IMAGES_MAX}개까지 업로드할 수 있습니다.`,
  imageTooLarge: '이미지 파일 크기는 20MB를 초과할 수 없습니다.',
  imageHeic: 'HEIC/HEIF 형식은 지원하지 않습니다. JPG, PNG, GIF, WebP 형식으로 변환 후 업로드해주세요.',
  imageOnly: '이미지 파일만 업로드할 수 있습니다. (JPG, PNG, GIF, WebP)',
  imageUnreadable: '이미지를 읽을 수 없습니다. 손상되지 않은 이미지 파일인지 확인해주세요.',
  imageMissing: '업로드할 이미지 파일을 선택해주세요.',
} as const;

/**
 * The spec's discount rule: round((original - price) / original * 100), never below 0, and 0
 * without an original price. The server stores it; the form shows it live with this function.
 */
export function computeDiscountRate(price: number, originalPrice: number | null | undefined): number {
  if (!originalPrice || originalPrice <= 0) return 0;
  return Math.max(0, Math.round(((originalPrice - price) * 100) / originalPrice));
}
