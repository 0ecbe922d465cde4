import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp, testTenant } from '@/testing/app-test-support';
import AboutPage from './about-page';
import ContactPage from './contact-page';

afterEach(cleanup);

const settings = {
  contact_email: 'cs@barun.example.kr',
  contact_phone: '0317701234',
  business_hours: '평일 10:00-17:00',
  company_info: { company_name: '바른마켓 주식회사', ceo_name: '이바른', address: '서울특별시 성동구 성수이로 77' },
  service_info: {
    service_name: '바른마켓',
    service_tagline: '믿을 수 있는 생활 쇼핑',
    service_description: '매일 쓰는 물건을 고릅니다.\n가격도 바르게.',
  },
  legal_info: { return_contact: '1644-5678', return_hours: '평일 10:00-16:00' },
};

describe('about page', () => {
  it("tells the service in the tenant's words, what it offers and who runs it", () => {
    renderInApp(<AboutPage />, { tenant: testTenant(settings, ['delivery', 'wallet']) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('바른마켓');
    expect(screen.getByText('믿을 수 있는 생활 쇼핑')).toBeTruthy();
    expect(screen.getByText('매일 쓰는 물건을 고릅니다.')).toBeTruthy();
    expect(screen.getByText('가격도 바르게.')).toBeTruthy();
    const offers = within(screen.getByRole('list', { name: '이런 서비스를 제공해요' }));
    expect(offers.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      '생산자 이야기와 영상',
      '택배 쇼핑',
      '솔직한 구매 리뷰',
    ]);
    expect(document.body.textContent).not.toMatch(/픽업|적립/);
    const company = screen.getByRole('region', { name: '회사 정보' });
    expect(company.textContent).toContain('바른마켓 주식회사');
    expect(company.textContent).toContain('031-770-1234');
    // Not set: no empty row.
    expect(company.textContent).not.toContain('사업자등록번호');
    expect(screen.getByRole('link', { name: '문의하기' }).getAttribute('href')).toBe('/contact');
  });

  it('without a service description falls back to the hero description, and leaves out an empty company', () => {
    renderInApp(<AboutPage />, {
      tenant: testTenant({ service_info: { hero_description: '<strong>신선한</strong> 먹거리' } }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('햇살마켓');
    expect(screen.getByText('신선한').tagName).toBe('STRONG');
    expect(screen.queryByRole('region', { name: '회사 정보' })).toBeNull();
  });
});

describe('contact page', () => {
  it('links e-mail and phone, shows hours, address and the returns desk', () => {
    renderInApp(<ContactPage />, { tenant: testTenant(settings) });
    const mail = screen.getByRole('link', { name: 'cs@barun.example.kr' });
    expect(mail.getAttribute('href')).toBe('mailto:cs@barun.example.kr');
    const phone = screen.getByRole('link', { name: '031-770-1234' });
    expect(phone.getAttribute('href')).toBe('tel:0317701234');
    expect(screen.getByText('평일 10:00-17:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /서울특별시 성동구 성수이로 77/ }).getAttribute('href')).toContain(
      'map.naver.com',
    );
    const returns = screen.getByRole('region', { name: '교환·반품 문의' });
    expect(within(returns).getByRole('link', { name: '1644-5678' }).getAttribute('href')).toBe('tel:16445678');
    expect(returns.textContent).toContain('평일 10:00-16:00');
    expect(returns.textContent).not.toContain('반품 주소');
  });

  it('omits what is not set, and says so when nothing is', () => {
    renderInApp(<ContactPage />, { tenant: testTenant({ contact_email: 'a@b.kr' }) });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('전화 문의')).toBeNull();
    expect(screen.queryByRole('region', { name: '교환·반품 문의' })).toBeNull();
    cleanup();
    renderInApp(<ContactPage />, { tenant: testTenant({}) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('등록된 연락처가 아직 없어요');
  });
});
