import type { DeliveryTermsUpdate } from '@app/contracts';
import { computeDiscountRate } from '@app/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { drawProductPicture } from '../../seed/demo-art.js';
import { createUser } from '../../seed/factories.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { updateDeliveryTerms } from '../users/delivery-terms.js';
import { merchants } from '../users/users.schema.js';
import { banners, events, type NewProductRow, notices, productMedia, products } from './catalogue.schema.js';
import { upsertMerchantPlace } from './directory.repository.js';
import { setOptions } from './products.repository.js';

export interface DemoCatalogueOptions {
  /** Where the generated product images go; without it the products have no images. */
  storage?: Storage;
  /** Extra generated products per tenant (the benchmark's large catalogue). */
  extraProducts?: number;
  password: string;
}

export interface Producer {
  /** `demo` is merchant@example.com (made by the demo seed), the others `{key}@example.com`. */
  key: string;
  /** Unique within a tenant: cards, pictures and video captions name the seller by it. */
  businessName: string;
  username: string;
  description: string;
  /** Empty for `demo`, whose address is the tenant's company address. */
  address: string;
  phone?: string;
  region: string;
  lat: number;
  lng: number;
  /** Its delivery terms (docs/decisions/038): the demo shows different ones side by side. */
  terms?: DeliveryTermsUpdate;
}

/** kind, category, title, description, price, original price, stock, delivery-capable, producer key, deleted */
type Item = ['shopping' | 'pickup', string, string, string, number, number | null, number, boolean, string, boolean?];

const farmProducers: Producer[] = [
  {
    key: 'demo',
    businessName: '햇살농원',
    terms: {
      delivery_fee: 0,
      min_order_amount: 0,
      free_delivery_over: null,
      eta_text: '내일 오전 도착',
      offers_pickup: true,
      pickup_address: '경기도 양평군 양평읍 농장길 12 햇살농원 직판장',
      pickup_hours: '매일 09:00~18:00',
    },
    username: '햇살농원',
    description: '양평에서 3대째 유기농 채소를 키우는 농장입니다.',
    address: '',
    phone: '0317701234',
    region: 'gyeonggi',
    lat: 37.4917,
    lng: 127.4875,
  },
  {
    key: 'sunny',
    terms: {
      delivery_fee: 3_000,
      min_order_amount: 15_000,
      free_delivery_over: 40_000,
      eta_text: '내일 오전 도착',
      offers_pickup: true,
      pickup_address: '경기도 양평군 강상면 해바라기길 21 농장 판매장',
      pickup_hours: '화~일 10:00~17:00',
    },
    businessName: '해바라기농장',
    username: '해바라기농부',
    description: '양평 무농약 채소와 과일 농장',
    address: '경기도 양평군 강상면 해바라기길 21',
    region: 'gyeonggi',
    lat: 37.4862,
    lng: 127.4781,
  },
  {
    key: 'bakery',
    terms: {
      delivery_fee: 2_000,
      min_order_amount: 10_000,
      free_delivery_over: 30_000,
      eta_text: '30~40분',
      offers_pickup: true,
      pickup_address: '경기도 양평군 양평읍 시장길 8',
      pickup_hours: '매일 08:00~21:00',
    },
    businessName: '밀과보리 베이커리',
    username: '밀과보리',
    description: '우리밀 천연발효 빵집',
    address: '경기도 양평군 양평읍 시장길 8',
    region: 'gyeonggi',
    lat: 37.4921,
    lng: 127.4903,
  },
  {
    key: 'butcher',
    terms: {
      delivery_fee: 3_500,
      min_order_amount: 30_000,
      free_delivery_over: null,
      eta_text: '40~60분',
      offers_pickup: true,
      pickup_address: '경기도 양평군 양평읍 중앙로 55',
      pickup_hours: '매일 10:00~20:00',
    },
    businessName: '한우명가 정육점',
    username: '한우명가',
    description: '1++ 한우 전문 정육점',
    address: '경기도 양평군 양평읍 중앙로 55',
    region: 'gyeonggi',
    lat: 37.4889,
    lng: 127.4952,
  },
  {
    key: 'fish',
    terms: {
      delivery_fee: 4_000,
      min_order_amount: 25_000,
      free_delivery_over: 60_000,
      eta_text: '당일 오후 도착',
      offers_pickup: true,
      pickup_address: '경기도 양평군 양서면 양수로 102',
      pickup_hours: '매일 07:00~15:00',
    },
    businessName: '동해바다 수산',
    username: '동해수산',
    description: '새벽 경매 생선과 해산물',
    address: '경기도 양평군 양서면 양수로 102',
    region: 'gyeonggi',
    lat: 37.5452,
    lng: 127.3229,
  },
  {
    key: 'banchan',
    terms: {
      delivery_fee: 2_500,
      min_order_amount: 12_000,
      free_delivery_over: 25_000,
      eta_text: '30~50분',
      offers_pickup: true,
      pickup_address: '경기도 양평군 양평읍 역전길 3',
      pickup_hours: '월~토 09:00~19:00',
    },
    businessName: '할머니손맛 반찬가게',
    username: '손맛반찬',
    description: '매일 만드는 집반찬',
    address: '경기도 양평군 양평읍 역전길 3',
    region: 'gyeonggi',
    lat: 37.493,
    lng: 127.4921,
  },
];

const mallProducers: Producer[] = [
  {
    key: 'demo',
    businessName: '바른생활상회',
    username: '바른생활상회',
    description: '매일 쓰는 생활용품을 꼼꼼히 골라 소개합니다.',
    address: '',
    phone: '0234561234',
    region: 'seoul',
    lat: 37.5446,
    lng: 127.0557,
  },
  {
    key: 'living',
    businessName: '바른리빙',
    username: '바른리빙',
    description: '매일 쓰는 생활용품',
    address: '서울특별시 성동구 성수이로 51',
    region: 'seoul',
    lat: 37.5432,
    lng: 127.0561,
  },
  {
    key: 'cotton',
    terms: { parcel_fee: 2_500, parcel_free_over: 30_000 },
    businessName: '코튼데이',
    username: '코튼데이',
    description: '면 100% 데일리 의류',
    address: '서울특별시 마포구 와우산로 29',
    region: 'seoul',
    lat: 37.5503,
    lng: 126.9227,
  },
  {
    key: 'books',
    terms: { parcel_fee: 0 },
    businessName: '책읽는마을',
    username: '책마을',
    description: '동네 책방의 추천 도서',
    address: '서울특별시 종로구 자하문로 12',
    region: 'seoul',
    lat: 37.5796,
    lng: 126.9707,
  },
  {
    key: 'kitchen',
    businessName: '키친앤쿡',
    username: '키친앤쿡',
    description: '주방용품과 조리도구',
    address: '경기도 성남시 분당구 판교역로 166',
    region: 'gyeonggi',
    lat: 37.3947,
    lng: 127.1112,
  },
  {
    key: 'beauty',
    businessName: '맑은피부 연구소',
    username: '맑은피부',
    description: '순한 성분의 스킨케어',
    address: '서울특별시 강남구 압구정로 340',
    region: 'seoul',
    lat: 37.5271,
    lng: 127.0405,
  },
];

/** The sellers of each demo tenant's catalogue, by the tenant's name. */
export const demoProducers: Record<'farm' | 'mall', readonly Producer[]> = {
  farm: farmProducers,
  mall: mallProducers,
};

/** The business name of a demo producer (`key`) in a demo tenant. */
export function demoBusinessName(tenant: 'farm' | 'mall', key: string): string {
  const producer = demoProducers[tenant].find((p) => p.key === key);
  if (!producer) throw new Error(`no demo producer ${key} in ${tenant}`);
  return producer.businessName;
}

/** Products sold by options (docs/decisions/037): sizes with their own prices and stock. */
const demoOptions: Record<
  string,
  { name: string; price: number; original_price?: number; stock: number | null; is_available: boolean }[]
> = {
  '청송 꿀사과': [
    { name: '3kg', price: 29_000, original_price: 35_000, stock: 10, is_available: true },
    { name: '5kg', price: 45_000, original_price: 52_000, stock: 4, is_available: true },
    { name: '10kg 선물용', price: 85_000, stock: 2, is_available: true },
  ],
  '한돈 삼겹살 600g': [
    { name: '구이용 (두께 1.5cm)', price: 19_800, original_price: 23_000, stock: 10, is_available: true },
    { name: '수육용 (통)', price: 19_800, original_price: 23_000, stock: 0, is_available: true },
  ],
  '린넨 셔츠': [
    { name: 'S', price: 49_000, original_price: 59_000, stock: 4, is_available: true },
    { name: 'M', price: 49_000, original_price: 59_000, stock: 3, is_available: true },
    { name: 'L', price: 49_000, original_price: 59_000, stock: 0, is_available: true },
  ],
  '무선 핸디 청소기': [
    { name: '기본형', price: 129_000, original_price: 159_000, stock: 5, is_available: true },
    { name: '거치대 포함', price: 149_000, original_price: 179_000, stock: 3, is_available: true },
  ],
};

const farmItems: Item[] = [
  [
    'pickup',
    'fruit_vegetable',
    '양평 유기농 상추 500g',
    '아침에 수확한 무농약 청상추와 적상추 모둠',
    4_500,
    5_500,
    -1,
    true,
    'sunny',
  ],
  [
    'pickup',
    'fruit_vegetable',
    '청송 꿀사과',
    '아삭하고 달콤한 가을 사과, 꿀이 가득',
    29_000,
    35_000,
    10,
    true,
    'sunny',
  ],
  ['pickup', 'fruit_vegetable', '방울토마토 1kg', '껍질이 얇고 단단한 완숙 방울토마토', 9_800, null, 5, true, 'sunny'],
  ['pickup', 'fruit_vegetable', '햇감자 2kg', '포슬포슬한 수미감자', 7_500, 8_900, 0, false, 'sunny'],
  ['pickup', 'fruit_vegetable', '친환경 애호박 2개', '전 부치기 좋은 연한 애호박', 3_900, null, -1, true, 'sunny'],
  ['pickup', 'fruit_vegetable', '제철 딸기 500g', '설향 딸기, 당일 수확', 12_900, 15_900, 3, true, 'demo'],
  ['pickup', 'bakery', '우리밀 통밀 식빵', '천연발효종으로 구운 담백한 통밀 식빵', 6_500, null, 10, true, 'bakery'],
  ['pickup', 'bakery', '앙버터 바게트', '팥앙금과 고메버터를 넣은 바게트', 5_800, 6_500, 5, true, 'bakery'],
  ['pickup', 'bakery', '쑥 찹쌀 스콘 4개', '양평 쑥으로 만든 쫀득한 스콘', 9_000, null, -1, false, 'bakery'],
  ['pickup', 'bakery', '소금빵 6개 묶음', '겉은 바삭 속은 촉촉한 소금빵', 12_000, 14_400, 0, true, 'bakery'],
  ['pickup', 'cafe', '수제 자몽에이드', '생자몽을 듬뿍 넣은 에이드', 5_500, null, -1, true, 'bakery'],
  ['pickup', 'meat', '한우 1++ 등심 300g', '마블링이 고운 구이용 등심', 54_000, 62_000, 5, true, 'butcher'],
  ['pickup', 'meat', '한돈 삼겹살 600g', '두툼하게 썬 국내산 삼겹살', 19_800, 23_000, 10, true, 'butcher'],
  ['pickup', 'meat', '한우 불고기 500g', '양념에 재운 부드러운 불고기', 24_000, null, -1, true, 'butcher'],
  ['pickup', 'meat', '수제 떡갈비 4개', '한우와 한돈을 섞어 빚은 떡갈비', 16_000, 18_000, 0, false, 'butcher'],
  [
    'pickup',
    'seafood',
    '손질 고등어 2마리',
    '노르웨이산 아닌 국내산 고등어, 손질 완료',
    11_000,
    13_000,
    10,
    true,
    'fish',
  ],
  ['pickup', 'seafood', '제주 은갈치 2토막', '두툼한 제주 은갈치', 23_000, null, 3, true, 'fish'],
  ['pickup', 'seafood', '생물 오징어 3마리', '동해안 새벽 경매 오징어', 15_000, 18_000, -1, true, 'fish'],
  ['pickup', 'seafood', '활전복 5미', '완도 양식 활전복, 손질 서비스', 28_000, 32_000, 5, false, 'fish'],
  ['pickup', 'side_dish', '엄마표 반찬 3종 세트', '멸치볶음, 시금치나물, 장조림', 15_000, 18_000, 10, true, 'banchan'],
  ['pickup', 'side_dish', '묵은지 김치찜', '돼지고기 듬뿍 김치찜 2인분', 18_000, null, 5, true, 'banchan'],
  ['pickup', 'korean', '한우 사골 곰탕 2팩', '12시간 끓인 진한 사골 곰탕', 14_000, 16_000, -1, true, 'banchan'],
  ['pickup', 'korean', '양평 해장국', '선지와 양이 가득한 양평식 해장국', 10_000, null, -1, true, 'demo'],
  ['pickup', 'snack', '국물 떡볶이', '쌀떡으로 만든 매콤달콤 떡볶이', 7_000, 8_000, -1, true, 'banchan'],
  ['shopping', 'food', '유기농 현미 4kg', '양평에서 키운 무농약 현미', 18_000, 24_000, -1, false, 'demo'],
  ['shopping', 'food', '국산 들기름 350ml', '저온 압착한 고소한 들기름', 16_500, 19_000, 10, false, 'demo'],
  ['shopping', 'food', '양평 토종꿀 1kg', '아카시아 토종 벌꿀', 38_000, 45_000, 5, false, 'sunny'],
  ['shopping', 'food', '수제 딸기잼 300g', '제철 딸기와 설탕만으로 졸인 잼', 8_900, null, -1, false, 'sunny'],
  ['shopping', 'food', '전통 된장 1kg', '3년 숙성 재래식 된장', 22_000, 25_000, 10, false, 'banchan'],
  ['shopping', 'food', '고춧가루 500g', '햇고추로 빻은 태양초 고춧가루', 19_000, null, 0, false, 'banchan'],
  ['shopping', 'food', '한우 육포 200g', '무첨가 수제 한우 육포', 25_000, 29_000, -1, false, 'butcher'],
  ['shopping', 'food', '건조 표고버섯 200g', '참나무 원목 재배 표고', 14_000, 16_000, 5, false, 'sunny'],
  ['shopping', 'food', '명란젓 500g', '저염 백명란', 21_000, null, -1, false, 'fish'],
  ['shopping', 'food', '통밀 그래놀라 400g', '견과류 듬뿍 수제 그래놀라', 11_000, 12_500, -1, false, 'bakery'],
  ['shopping', 'kitchenware', '편백나무 도마', '항균 편백나무 통원목 도마', 32_000, 39_000, 10, false, 'demo'],
  ['shopping', 'kitchenware', '무쇠 주물 팬 24cm', '평생 쓰는 무쇠 팬', 45_000, null, 5, false, 'butcher'],
  ['shopping', 'household', '천연 수세미 3개', '직접 기른 수세미 열매로 만든 수세미', 6_000, null, -1, false, 'sunny'],
  ['shopping', 'household', '밀랍 랩 3종', '비닐 대신 쓰는 밀랍 랩', 15_000, 18_000, -1, false, 'demo'],
  ['shopping', 'beauty', '쌀겨 세안 비누', '쌀겨와 녹차로 만든 저자극 비누', 8_000, 9_500, 10, false, 'demo'],
  ['shopping', 'beauty', '동백 오일 30ml', '제주 동백 씨앗 냉압착 오일', 24_000, null, -1, false, 'sunny'],
  [
    'shopping',
    'books',
    '텃밭 가꾸기 첫걸음',
    '초보 농부를 위한 사계절 텃밭 안내서',
    16_800,
    18_000,
    -1,
    false,
    'sunny',
  ],
  ['shopping', 'interior', '말린 꽃 스와그', '농장에서 키운 꽃으로 만든 벽 장식', 19_000, 22_000, 3, false, 'sunny'],
  ['shopping', 'clothing', '농부 작업 앞치마', '두꺼운 캔버스 원단 앞치마', 28_000, null, -1, false, 'demo'],
  ['pickup', 'fruit_vegetable', '지난주 특가 배추', '판매 종료된 특가 상품', 3_000, 5_000, 0, true, 'demo', true],
  ['shopping', 'food', '단종된 누룽지 선물세트', '더 이상 판매하지 않는 세트', 20_000, null, -1, false, 'demo', true],
  ['pickup', 'bakery', '시즌 한정 슈톨렌', '크리스마스 시즌 한정', 32_000, 35_000, 0, false, 'bakery', true],
];

const mallItems: Item[] = [
  ['shopping', 'household', '호텔 수건 40수 5장', '면 100% 고중량 호텔 수건', 29_900, 39_000, -1, false, 'living'],
  ['shopping', 'household', '대나무 칫솔 10개', '생분해 대나무 칫솔', 9_900, 12_000, -1, false, 'living'],
  ['shopping', 'household', '천연 세탁세제 2L', '식물 유래 계면활성제 세탁세제', 15_800, 18_000, 10, false, 'living'],
  ['shopping', 'household', '접이식 빨래 건조대', '베란다용 스테인리스 건조대', 34_000, null, 5, false, 'living'],
  ['shopping', 'household', '실리콘 지퍼백 4종', '전자레인지 사용 가능 실리콘 백', 21_000, 25_000, -1, false, 'demo'],
  ['shopping', 'clothing', '오버핏 무지 티셔츠', '면 100% 20수 데일리 티셔츠', 19_900, 25_000, -1, false, 'cotton'],
  ['shopping', 'clothing', '린넨 셔츠', '시원한 프렌치 린넨 셔츠', 49_000, 59_000, 10, false, 'cotton'],
  ['shopping', 'clothing', '와이드 데님 팬츠', '편안한 와이드 핏 청바지', 45_000, null, 5, false, 'cotton'],
  ['shopping', 'clothing', '울 니트 가디건', '메리노 울 가디건', 79_000, 99_000, 3, false, 'cotton'],
  ['shopping', 'clothing', '면 양말 5켤레', '발목 양말 세트', 12_000, null, 0, false, 'cotton'],
  ['shopping', 'books', '작은 가게의 경제학', '동네 가게 사장님들의 이야기', 17_000, 18_900, -1, false, 'books'],
  ['shopping', 'books', '한 그릇 집밥 레시피', '혼자 사는 사람을 위한 요리책', 19_800, 22_000, 10, false, 'books'],
  ['shopping', 'books', '어린이 과학 그림책 세트', '초등 저학년 과학 그림책 5권', 45_000, 54_000, 5, false, 'books'],
  ['shopping', 'books', '서울 골목 산책', '걷기 좋은 골목 50곳', 16_000, null, -1, false, 'books'],
  ['shopping', 'kitchenware', '스테인리스 냄비 3종', '통3중 바닥 냄비 세트', 89_000, 119_000, 5, false, 'kitchen'],
  ['shopping', 'kitchenware', '세라믹 코팅 프라이팬 28cm', 'PFOA 프리 코팅 팬', 39_000, 45_000, 10, false, 'kitchen'],
  ['shopping', 'kitchenware', '원목 주걱 세트', '너도밤나무 조리도구 4종', 18_000, null, -1, false, 'kitchen'],
  ['shopping', 'kitchenware', '유리 밀폐용기 10종', '오븐 사용 가능 내열 유리', 42_000, 52_000, -1, false, 'kitchen'],
  ['shopping', 'kitchenware', '핸드드립 커피 세트', '드리퍼, 서버, 필터 세트', 35_000, null, 3, false, 'kitchen'],
  ['shopping', 'appliances', '무선 핸디 청소기', '2in1 무선 청소기', 129_000, 159_000, 5, false, 'demo'],
  ['shopping', 'appliances', '전기 주전자 1.7L', '스테인리스 전기 포트', 32_000, 39_000, 10, false, 'kitchen'],
  ['shopping', 'appliances', '에어프라이어 5L', '바스켓형 에어프라이어', 69_000, 89_000, -1, false, 'kitchen'],
  ['shopping', 'appliances', '미니 제습기', '원룸용 저소음 제습기', 59_000, null, 0, false, 'living'],
  ['shopping', 'appliances', 'USB 탁상 선풍기', '무선 충전식 탁상 선풍기', 24_000, 29_000, -1, false, 'living'],
  ['shopping', 'beauty', '약산성 클렌징 폼', '민감 피부용 저자극 클렌저', 14_000, 18_000, -1, false, 'beauty'],
  ['shopping', 'beauty', '병풀 진정 크림 50ml', '시카 성분 수분 크림', 26_000, 32_000, 10, false, 'beauty'],
  ['shopping', 'beauty', '무기자차 선크림', 'SPF50+ PA++++ 선크림', 19_000, null, 5, false, 'beauty'],
  ['shopping', 'beauty', '립 밤 3종', '시어버터 립 밤', 12_000, 15_000, -1, false, 'beauty'],
  ['shopping', 'beauty', '헤어 에센스 100ml', '손상모 케어 에센스', 17_500, null, 3, false, 'beauty'],
  ['shopping', 'interior', '리넨 커튼 2장', '빛이 은은한 리넨 커튼', 59_000, 75_000, 5, false, 'living'],
  ['shopping', 'interior', '무드 조명 스탠드', '밝기 조절 LED 스탠드', 39_000, null, -1, false, 'demo'],
  ['shopping', 'interior', '라탄 바구니 3종', '수납용 라탄 바구니', 27_000, 33_000, 10, false, 'living'],
  ['shopping', 'interior', '극세사 러그 140x200', '미끄럼 방지 러그', 45_000, 55_000, -1, false, 'living'],
  ['shopping', 'food', '제주 감귤 5kg', '새콤달콤 노지 감귤', 24_900, 29_900, 10, false, 'demo'],
  ['shopping', 'food', '무항생제 계란 30구', '동물복지 농장 유정란', 13_900, null, 5, false, 'demo'],
  ['shopping', 'food', '햇반 현미밥 12개', '간편한 현미밥', 15_900, 18_000, -1, false, 'demo'],
  ['shopping', 'food', '견과류 한줌 30봉', '하루 견과 7종 믹스', 27_000, 35_000, -1, false, 'demo'],
  ['shopping', 'food', '콜드브루 원액 1L', '에티오피아 원두 콜드브루', 18_000, null, 0, false, 'kitchen'],
  ['shopping', 'food', '수제 그래놀라 500g', '귀리와 꿀로 구운 그래놀라', 13_000, 15_000, -1, false, 'demo'],
  ['shopping', 'food', '유기농 보리차 티백', '볶은 보리 100티백', 8_500, null, -1, false, 'demo'],
  ['shopping', 'household', '판매 종료 방향제', '단종 상품', 9_000, null, 0, false, 'demo', true],
  ['shopping', 'clothing', '지난 시즌 패딩 조끼', '시즌 종료', 39_000, 69_000, 0, false, 'cotton', true],
  ['shopping', 'books', '절판된 여행 가이드', '개정판 준비 중', 15_000, null, 0, false, 'demo', true],
];

/** The background colour of a demo product's picture, by its category. */
export const demoCategoryColour = (category: string) => categoryColours[category] ?? '#999999';

const categoryColours: Record<string, string> = {
  fruit_vegetable: '#7cc16b',
  bakery: '#e0a458',
  cafe: '#c08552',
  meat: '#d9534f',
  seafood: '#4aa3df',
  side_dish: '#9c6b4e',
  korean: '#e07a5f',
  snack: '#f25c54',
  food: '#f4a259',
  kitchenware: '#8d99ae',
  household: '#5bc0be',
  beauty: '#f7a1c4',
  books: '#6d597a',
  interior: '#b5838d',
  clothing: '#577590',
  appliances: '#43aa8b',
};

/** Deterministic pseudo-random numbers, so that every demo database looks the same. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

/**
 * The demo catalogue of one tenant: producers (merchant accounts with places), the products of
 * the demo merchant and of the producers with generated images, a few deleted products,
 * banners, events and notices; then `extraProducts` generated ones for the benchmark.
 */
export async function seedDemoCatalogue(
  tx: DbOrTx,
  tenant: TenantRow,
  demoMerchantId: number,
  options: DemoCatalogueOptions,
): Promise<{ products: number; lastCuratedId: number }> {
  const isFarm = tenant.features.delivery;
  const producers = isFarm ? farmProducers : mallProducers;
  const items = isFarm ? farmItems : mallItems;
  const random = sequence(tenant.id * 7919);

  const merchantIds = new Map<string, number>();
  // The business name each producer's cards show, which its pictures name too.
  const names = new Map<string, string>();
  const [demoShop] = await tx
    .select({ businessName: merchants.businessName })
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenant.id), eq(merchants.id, demoMerchantId)));
  for (const p of producers) {
    let id = demoMerchantId;
    if (p.key !== 'demo') {
      const made = await createUser(tx, tenant.id, {
        email: `${p.key}@example.com`,
        username: p.username,
        password: options.password,
        userType: 'merchant',
        address: p.address,
        merchant: { businessName: p.businessName, businessDescription: p.description, address: p.address },
      });
      id = made.merchant?.id ?? demoMerchantId;
    }
    merchantIds.set(p.key, id);
    if (p.terms) await updateDeliveryTerms(tx, tenant, id, p.terms);
    names.set(p.key, p.key === 'demo' ? (demoShop?.businessName ?? tenant.displayName) : p.businessName);
    await upsertMerchantPlace(tx, {
      tenantId: tenant.id,
      merchantId: id,
      latitude: p.lat,
      longitude: p.lng,
      region: p.region,
    });
  }

  const now = Date.now();
  const rows: NewProductRow[] = items.map(
    ([kind, category, title, description, price, original, stock, delivery, who, deleted], i) => {
      const createdAt = new Date(now - (items.length - i) * 3_600_000 * (1 + random() * 5));
      return {
        tenantId: tenant.id,
        merchantId: merchantIds.get(who) ?? demoMerchantId,
        categoryType: kind,
        title,
        description,
        price,
        originalPrice: original,
        discountRate: computeDiscountRate(price, original),
        category: kind === 'shopping' ? category : null,
        deliveryCategory: kind === 'pickup' ? category : null,
        isDelivery: kind === 'pickup' ? delivery : false,
        isAvailable: !(i % 17 === 16),
        displayRemaining: stock,
        viewsCount: Math.floor(random() * 900) + 20,
        ordersCount: Math.floor(random() * 120),
        createdAt,
        updatedAt: createdAt,
        deletedAt: deleted ? new Date(now - Math.floor(random() * 5 + 1) * 86_400_000) : null,
      };
    },
  );
  const inserted = await tx.insert(products).values(rows).returning({ id: products.id, title: products.title });
  for (const p of inserted) {
    const sizes = demoOptions[p.title];
    if (sizes) await setOptions(tx, tenant.id, p.id, [], sizes);
  }

  if (options.storage) {
    const storage = options.storage;
    // Most products get one card; every eighth gets three, so the detail carousel has something to swipe.
    const jobs = inserted.flatMap((p, i) => {
      const item = items[i] as Item;
      const count = i % 8 === 0 ? 3 : 1;
      return Array.from({ length: count }, (_, v) => ({ product: p, item, v }));
    });
    const drawn = await Promise.all(
      jobs.map(async ({ product, item, v }) => {
        const card = await drawProductPicture({
          title: product.title,
          merchant: names.get(item[8]) ?? '',
          colour: demoCategoryColour(item[1]),
          variant: v,
        });
        const base = `tenants/${tenant.id}/products/${product.id}/seed-${v}`;
        const fileKey = `${base}-display.jpg`;
        const thumbnailKey = `${base}-thumb.jpg`;
        await storage.put(fileKey, card.display, { contentType: 'image/jpeg' });
        await storage.put(thumbnailKey, card.thumbnail, { contentType: 'image/jpeg' });
        return { product, v, fileKey, thumbnailKey, card };
      }),
    );
    await tx.insert(productMedia).values(
      drawn.map((d) => ({
        tenantId: tenant.id,
        productId: d.product.id,
        fileKey: d.fileKey,
        thumbnailKey: d.thumbnailKey,
        fileName: `${d.product.title}.jpg`,
        contentType: 'image/jpeg',
        width: d.card.width,
        height: d.card.height,
        sizeBytes: d.card.display.length,
        sortOrder: d.v,
        isThumbnail: d.v === 0,
      })),
    );
    for (const d of drawn.filter((x) => x.v === 0)) {
      await tx
        .update(products)
        .set({ imageKey: d.fileKey, thumbnailKey: d.thumbnailKey })
        .where(sqlProduct(tenant.id, d.product.id));
    }
  }

  await seedSiteLists(tx, tenant, isFarm);
  const extra = options.extraProducts ?? 0;
  if (extra > 0) {
    const sellers = items.map((item) => merchantIds.get(item[8]) ?? demoMerchantId);
    await seedManyProducts(tx, tenant.id, sellers, items, extra, random);
  }
  // PGlite has no autovacuum: without statistics the planner would not pick the list indexes.
  await tx.execute(sql`analyze`);
  // The generated products come after the curated ones: the demo orders and reviews are about these.
  return { products: inserted.length + extra, lastCuratedId: Math.max(0, ...inserted.map((p) => p.id)) };
}

function sqlProduct(tenantId: number, id: number) {
  return and(eq(products.tenantId, tenantId), eq(products.id, id));
}

async function seedSiteLists(tx: DbOrTx, tenant: TenantRow, isFarm: boolean) {
  const day = 86_400_000;
  const now = Date.now();
  await tx.insert(banners).values([
    {
      tenantId: tenant.id,
      title: isFarm ? '오늘 아침 수확한 채소' : '생활용품 최대 30% 할인',
      subtitle: isFarm ? '우리 동네 농부에게서 바로 픽업하세요' : '매일 쓰는 물건, 바르게 고르다',
      linkUrl: isFarm ? '/main?tab=delivery' : '/main?tab=shopping',
      backgroundColor: isFarm ? '#FF9630' : '#2F80ED',
      sortOrder: 0,
    },
    {
      tenantId: tenant.id,
      title: '첫 구매 적립금 3,000원',
      subtitle: '회원가입 후 첫 주문에 적립해 드려요',
      linkUrl: '/register',
      backgroundColor: isFarm ? '#E85D04' : '#1B4F9C',
      sortOrder: 1,
    },
  ]);
  await tx.insert(events).values([
    {
      tenantId: tenant.id,
      title: isFarm ? '주말 농장 체험 신청' : '리뷰 작성 이벤트',
      description: isFarm ? '토요일 오전 딸기 따기 체험에 초대합니다.' : '포토 리뷰를 남기면 적립금 1,000원을 드려요.',
      linkUrl: '/main',
      startsAt: new Date(now - 3 * day),
      endsAt: new Date(now + 30 * day),
    },
    {
      tenantId: tenant.id,
      title: '신규 판매자 입점 기념 할인',
      description: '새로 입점한 판매자의 상품을 10% 할인합니다.',
      startsAt: new Date(now - day),
      endsAt: new Date(now + 14 * day),
    },
  ]);
  await tx.insert(notices).values([
    {
      tenantId: tenant.id,
      title: '설 연휴 배송 안내',
      content: '연휴 기간에는 주문이 연휴 이후 순차 발송됩니다.',
      isPinned: true,
      createdAt: new Date(now - 2 * day),
    },
    {
      tenantId: tenant.id,
      title: '개인정보 처리방침 개정 안내',
      content: '개정된 처리방침은 다음 달 1일부터 적용됩니다.',
      createdAt: new Date(now - 10 * day),
    },
    {
      tenantId: tenant.id,
      title: '서비스 오픈 안내',
      content: `${tenant.displayName}이 문을 열었습니다.`,
      createdAt: new Date(now - 30 * day),
    },
  ]);
}

/**
 * Many products (title variations of the demo items), in bulk inserts: each is sold by the seller
 * of the item it varies (`sellers[i]` for `items[i]`) and shows that item's picture.
 */
async function seedManyProducts(
  tx: DbOrTx,
  tenantId: number,
  sellers: number[],
  items: Item[],
  count: number,
  random: () => number,
) {
  const pictures = await tx
    .select({ title: products.title, imageKey: products.imageKey, thumbnailKey: products.thumbnailKey })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), isNotNull(products.imageKey)));
  const pictureOf = new Map(pictures.map((p) => [p.title, p]));
  const adjectives = ['신선한', '특가', '산지직송', '프리미엄', '실속', '대용량', '선물용', '제철', '한정', '인기'];
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    const batch: NewProductRow[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const [kind, category, title, description, price, original, stock, delivery] = items[i % items.length] as Item;
      const image = pictureOf.get(title);
      const p = Math.max(100, Math.round((price * (0.8 + random() * 0.4)) / 100) * 100);
      const createdAt = new Date(now - 86_400_000 * 30 - i * 60_000);
      batch.push({
        tenantId,
        merchantId: sellers[i % items.length] as number,
        categoryType: kind,
        title: `${adjectives[i % adjectives.length]} ${title} ${i + 1}호`,
        description,
        price: p,
        originalPrice: original,
        discountRate: computeDiscountRate(p, original),
        category: kind === 'shopping' ? category : null,
        deliveryCategory: kind === 'pickup' ? category : null,
        isDelivery: kind === 'pickup' ? delivery : false,
        displayRemaining: stock,
        imageKey: image?.imageKey ?? null,
        thumbnailKey: image?.thumbnailKey ?? null,
        viewsCount: Math.floor(random() * 500),
        ordersCount: Math.floor(random() * 60),
        createdAt,
        updatedAt: createdAt,
      });
    }
    await tx.insert(products).values(batch);
  }
}
