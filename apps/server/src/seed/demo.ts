import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { seedDemoCart } from '../modules/cart/demo-cart.js';
import { type DemoCatalogueOptions, demoProducers, seedDemoCatalogue } from '../modules/catalogue/demo-catalogue.js';
import { demoVideos, seedDemoContent } from '../modules/content/demo-content.js';
import { seedDemoOrders } from '../modules/orders/demo-orders.js';
import { seedDemoReviews } from '../modules/reviews/demo-reviews.js';
import { countTenants } from '../modules/tenants/tenants.repository.js';
import { findUserByEmail } from '../modules/users/users.repository.js';
import { seedDemoWallets } from '../modules/wallet/demo-wallets.js';
import type { Db } from '../platform/db/client.js';
import { createDemoTimeline } from './demo-timeline.js';
import { allFeatures, createTenant, createUser } from './factories.js';

/** The demo tenants, served at *.localhost (browsers resolve those names to this machine). */
export const demoTenants = [
  {
    name: 'farm',
    displayName: '우리동네 농장',
    domain: 'farm.localhost',
    features: allFeatures(),
    settings: {
      contact_email: 'help@farm.example.kr',
      contact_phone: '1588-1234',
      business_hours: '평일 09:00-18:00 (점심 12:00-13:00)',
      theme: { primary: '#FF9630', accent: '#E85D04', 'primary-light': '#FF963020', 'accent-light': '#E85D0420' },
      company_info: {
        company_name: '(주)우리동네농장',
        ceo_name: '김농부',
        business_number: '123-45-67890',
        address: '경기도 양평군 양평읍 농장길 12',
        sales_report_number: '제2025-경기양평-0123호',
      },
      service_info: {
        service_name: '우리동네 농장',
        service_tagline: '생산자와 소비자가 함께 키우는 먹거리',
        hero_title: '오늘 아침 수확한 채소, 우리 동네 농부에게서',
        hero_subtitle: '생산 과정을 <strong>직접 보고</strong> 고르는 신선한 먹거리',
        hero_description: '농장의 하루를 구경하고, 가까운 곳에서 픽업하고, 구매할 때마다 적립금을 받으세요.',
      },
      legal_info: {
        shipping_fee: 3000,
        free_shipping_threshold: 50000,
        return_address: '경기도 양평군 양평읍 농장길 12 물류센터',
        return_contact: '1588-1234',
        return_hours: '평일 09:00-18:00',
      },
    },
  },
  {
    name: 'mall',
    displayName: '바른마켓',
    domain: 'mall.localhost',
    features: { ...allFeatures(), delivery: false, wallet: false },
    settings: {
      contact_email: 'cs@barunmarket.example.kr',
      contact_phone: '1644-5678',
      business_hours: '평일 10:00-17:00',
      theme: { primary: '#2F80ED', accent: '#1B4F9C', 'primary-light': '#2F80ED20', 'accent-light': '#1B4F9C20' },
      company_info: {
        company_name: '바른마켓 주식회사',
        ceo_name: '이바른',
        business_number: '234-56-78901',
        address: '서울특별시 성동구 성수이로 77, 5층',
        sales_report_number: '제2025-서울성동-0456호',
      },
      service_info: {
        service_name: '바른마켓',
        service_tagline: '믿을 수 있는 생활 쇼핑',
        hero_title: '매일 쓰는 물건, 바르게 고르다',
        hero_subtitle: '검증된 생산자의 <em>생활용품과 먹거리</em>',
        hero_description: '꼼꼼히 고른 상품을 합리적인 가격에 만나보세요.',
      },
      legal_info: {
        shipping_fee: 3500,
        free_shipping_threshold: 40000,
        return_address: '서울특별시 성동구 성수이로 77 반품센터',
        return_contact: '1644-5678',
        return_hours: '평일 10:00-17:00',
      },
    },
  },
] as const;

/** Password of every demo account (README, tests and people rely on these accounts). */
export const DEMO_PASSWORD = 'demo1234';

/** Demo accounts: a merchant and a customer in every demo tenant, the administrator in the first. */
export const demoAccounts = [
  { email: 'admin@example.com', role: '관리자 (플랫폼 관리자, 고객 회원)', tenants: [demoTenants[0].domain] },
  { email: 'merchant@example.com', role: '판매자', tenants: demoTenants.map((t) => t.domain) },
  { email: 'customer@example.com', role: '고객', tenants: demoTenants.map((t) => t.domain) },
] as const;

/** Seeds the demo data, but only into a database that holds no tenant yet. */
export async function seedDemoIfEmpty(
  db: Db,
  log: FastifyBaseLogger,
  catalogue: Omit<DemoCatalogueOptions, 'password'> & { extraPosts?: number } = {},
): Promise<boolean> {
  if ((await countTenants(db)) > 0) return false;
  const started = Date.now();
  if (catalogue.storage) void demoVideos(log); // ffmpeg renders while the catalogue is seeded
  await db.transaction(async (tx) => {
    for (const [index, t] of demoTenants.entries()) {
      const tenant = await createTenant(tx, {
        ...t,
        features: { ...t.features },
        settings: structuredClone(t.settings) as never,
      });
      const shop = demoProducers[t.name].find((p) => p.key === 'demo');
      const demoMerchant = await createUser(tx, tenant.id, {
        email: 'merchant@example.com',
        username: shop?.username ?? '판매자',
        password: DEMO_PASSWORD,
        userType: 'merchant',
        phone: '01022223333',
        address: t.settings.company_info.address,
        merchant: {
          businessName: shop?.businessName ?? t.displayName,
          businessNumber: t.settings.company_info.business_number.replaceAll('-', ''),
          businessDescription: shop?.description ?? null,
          address: t.settings.company_info.address,
          phone: shop?.phone ?? '01022223333',
        },
      });
      const seeded = demoMerchant.merchant
        ? await seedDemoCatalogue(tx, tenant, demoMerchant.merchant.id, { ...catalogue, password: DEMO_PASSWORD })
        : undefined;
      const demoCustomer = await createUser(tx, tenant.id, {
        email: 'customer@example.com',
        username: '김고객',
        password: DEMO_PASSWORD,
        phone: '01012345678',
        address: '서울특별시 마포구 월드컵북로 400, 101동 1001호',
        postcode: '03925',
      });
      if (tenant.features.content) {
        await seedDemoContent(tx, tenant, {
          storage: catalogue.storage,
          password: DEMO_PASSWORD,
          extraPosts: catalogue.extraPosts,
        });
      }
      const readers = [];
      for (let i = 1; i <= 5; i++) {
        const reader = await findUserByEmail(tx, tenant.id, `reader${i}@example.com`);
        if (reader) readers.push({ id: reader.id, name: reader.username, email: reader.email, phone: reader.phone });
      }
      // Wallets and orders share one past: planned by each, then written in time order.
      const timeline = createDemoTimeline();
      const { id, username: name, email, phone, address } = demoCustomer.user;
      const merchant = {
        id: demoMerchant.user.id,
        name: demoMerchant.merchant?.businessName ?? demoMerchant.user.username,
        email: demoMerchant.user.email,
      };
      await seedDemoWallets(tx, tenant, { customer: { id, name, email }, merchant, readers }, { timeline });
      const orders = await seedDemoOrders(tx, tenant, {
        buyers: [{ id, name, email, phone, address }, ...readers],
        timeline,
        lastProductId: seeded?.lastCuratedId,
      });
      await timeline.run();
      await seedDemoCart(tx, tenant, id);
      await seedDemoReviews(tx, tenant, {
        delivered: orders.delivered(),
        customerId: id,
        voters: [id, ...readers.map((r) => r.id)],
        storage: catalogue.storage,
      });
      if (index === 0) {
        await createUser(tx, tenant.id, {
          email: 'admin@example.com',
          username: '관리자',
          password: DEMO_PASSWORD,
          phone: '01099998888',
          address: '서울특별시 중구 세종대로 110',
          admin: true,
        });
      }
    }
  });
  if ((catalogue.extraProducts ?? 0) + (catalogue.extraPosts ?? 0) > 0) {
    // As after any bulk load: until a vacuum fills the visibility map, a list page's index-only
    // scan reads each row it walks past (and PGlite has no autovacuum).
    await db.execute(sql`vacuum (analyze) products, posts`);
  }
  log.info({ tenants: demoTenants.map((t) => t.domain), ms: Date.now() - started }, 'demo data seeded');
  return true;
}
