import type { DashboardProfile, User } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { callsTo, LocationProbe, stubFetch, testSession, testTenant } from '@/testing/app-test-support';
import ProfileEditPage from './profile-edit-page';

// The postcode widget's script never loads in tests: the address is typed by hand, as offline.
vi.mock('@/components/form/postcode', () => ({
  loadPostcode: () => Promise.reject(new Error('offline')),
  baseAddressOf: () => '',
}));

const merchantProfile: DashboardProfile = {
  id: 3,
  username: '햇살농장',
  email: 'farm@example.com',
  phone: '01012345678',
  address: '경기도 양평군 양평읍 농장길 12, 2층, 201호',
  postcode: '12500',
  business_name: '햇살농장',
  business_number: '123-45-67890',
  business_description: '유기농 채소',
  profile_image: null,
  user_type: 'merchant',
};
const customerProfile: DashboardProfile = {
  ...merchantProfile,
  id: 21,
  username: '김민지',
  email: 'minji@example.com',
  address: null,
  postcode: null,
  business_name: null,
  business_number: null,
  business_description: null,
  user_type: 'customer',
};

function userOf(p: DashboardProfile): User {
  return {
    id: p.id,
    email: p.email,
    username: p.username,
    user_type: p.user_type,
    is_admin: false,
    phone: p.phone,
    address: p.address,
    postcode: p.postcode,
    profile_image: p.profile_image,
    merchant: null,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

interface Server {
  profile: DashboardProfile;
  failLoad?: number;
  put?: (body: Record<string, unknown>) => Response;
  upload?: () => Response;
}

let server: Server;
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  server = { profile: merchantProfile };
  fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/dashboard/profile' && method === 'GET') {
      if (server.failLoad) {
        server.failLoad -= 1;
        return Response.json({ detail: '오류' }, { status: 500 });
      }
      return Response.json({ profile: server.profile });
    }
    if (url.pathname === '/api/dashboard/profile' && method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (server.put) return server.put(body);
      server.profile = { ...server.profile, ...(body as Partial<DashboardProfile>) };
      return Response.json({ message: '저장', profile: server.profile, user: userOf(server.profile) });
    }
    if (url.pathname === '/api/dashboard/profile/image' && method === 'POST') {
      if (server.upload) return server.upload();
      server.profile = { ...server.profile, profile_image: '/media/tenants/1/profiles/3/new.webp' };
      return Response.json({
        message: '변경',
        profile_image: server.profile.profile_image,
        user: userOf(server.profile),
      });
    }
    if (url.pathname === '/api/dashboard/profile/image' && method === 'DELETE') {
      server.profile = { ...server.profile, profile_image: null };
      return Response.json({ message: '삭제', profile_image: null, user: userOf(server.profile) });
    }
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage(profile: DashboardProfile = merchantProfile, entries = ['/profile/edit']) {
  server.profile = profile;
  const user: SessionUser = {
    id: profile.id,
    email: profile.email,
    username: profile.username,
    user_type: profile.user_type,
  };
  const session = testSession(user);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/profile/edit', element: <ProfileEditPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <TenantContext value={toTenantInfo(testTenant())}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </TenantContext>
    </QueryClientProvider>,
  );
  return { session, router };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: '저장' }) as HTMLButtonElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const putBodies = () => callsTo(fetchMock, '/api/dashboard/profile', 'PUT').map((c) => c.body);

async function loaded() {
  await screen.findByLabelText('사용자명');
  await waitFor(() => expect(field('사용자명').value).not.toBe(''));
}

function image(name: string, typeName: string, size: number): File {
  const file = new File(['x'], name, { type: typeName });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const chooseFile = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });

describe('profile edit (part 3)', () => {
  it('loads the profile: e-mail read-only, the address split at its last comma, save off until a change', async () => {
    renderPage();
    await loaded();
    expect(field('사용자명').value).toBe('햇살농장');
    expect(field('이메일').readOnly).toBe(true);
    expect(field('주소').value).toBe('경기도 양평군 양평읍 농장길 12, 2층');
    expect(field('상세 주소').value).toBe('201호');
    expect(field('사업자등록번호').value).toBe('123-45-67890');
    expect(screen.getByText('권장: 300×300 정사각형, 3MB 이하 (큰 이미지는 자동으로 압축됩니다)')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '초기화' })).toBeNull();
    expect(screen.queryByText('저장하지 않은 변경사항이 있습니다.')).toBeNull();
  });

  it('shows the load failure with a retry that loads the profile', async () => {
    server.failLoad = 1;
    renderPage();
    expect(await screen.findByText('프로필 정보를 불러오는데 실패했습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await loaded();
    expect(field('사용자명').value).toBe('햇살농장');
  });

  it('becomes dirty on a change and clean again when the value returns', async () => {
    renderPage();
    await loaded();
    type('휴대전화번호', '010-9999-0000');
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByText('저장하지 않은 변경사항이 있습니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '초기화' })).toBeTruthy();
    type('휴대전화번호', '01012345678');
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText('저장하지 않은 변경사항이 있습니다.')).toBeNull();
  });

  it('sends only the changed fields, merges the answer into the session, and shows success for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { session } = renderPage();
    await loaded();
    type('휴대전화번호', '010-9999-0000');
    type('상세 주소', '301호');
    fireEvent.click(saveButton());
    expect(await screen.findByText('프로필이 성공적으로 수정되었습니다.')).toBeTruthy();
    expect(putBodies()).toEqual([{ phone: '010-9999-0000', address: '경기도 양평군 양평읍 농장길 12, 2층, 301호' }]);
    expect(session.updateUser).toHaveBeenCalledWith(expect.objectContaining({ id: 3, phone: '010-9999-0000' }));
    expect(saveButton().disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText('프로필이 성공적으로 수정되었습니다.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('프로필이 성공적으로 수정되었습니다.')).toBeNull();
  });

  it('formats the business number 3-2-5 while typing and refuses another format', async () => {
    renderPage();
    await loaded();
    type('사업자등록번호', '98765');
    expect(field('사업자등록번호').value).toBe('987-65');
    expect(field('사업자등록번호').maxLength).toBe(12);
    fireEvent.click(saveButton());
    expect(await screen.findByText('올바른 사업자등록번호 형식이 아닙니다. (예: 123-45-67890)')).toBeTruthy();
    expect(putBodies()).toEqual([]);
    type('사업자등록번호', '9876543210123');
    expect(field('사업자등록번호').value).toBe('987-65-43210');
    fireEvent.click(saveButton());
    await waitFor(() => expect(putBodies()).toEqual([{ business_number: '987-65-43210' }]));
  });

  it('shows the server message when the save fails, and the username error in place', async () => {
    server.put = () => Response.json({ detail: '잠시 후 다시 시도해주세요.' }, { status: 503 });
    renderPage();
    await loaded();
    type('휴대전화번호', '010-9999-0000');
    fireEvent.click(saveButton());
    expect(await screen.findByText('잠시 후 다시 시도해주세요.')).toBeTruthy();
    server.put = () => Response.json({}, { status: 500 });
    fireEvent.click(saveButton());
    expect(await screen.findByText('프로필 저장에 실패했습니다. 다시 시도해주세요.')).toBeTruthy();
    server.put = () =>
      Response.json({ detail: '이미 사용중인 사용자명입니다.', code: 'username_taken' }, { status: 409 });
    type('사용자명', '달빛농장');
    fireEvent.click(saveButton());
    await waitFor(() => expect(field('사용자명').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('이미 사용중인 사용자명입니다.')).toBeTruthy();
  });

  it('checks a chosen image, then uploads it on save as profile_image', async () => {
    const { session } = renderPage(customerProfile);
    await loaded();
    chooseFile(image('notes.pdf', 'application/pdf', 100));
    expect(await screen.findByText('이미지 파일만 업로드할 수 있습니다.')).toBeTruthy();
    chooseFile(image('huge.png', 'image/png', 31_457_281));
    expect(await screen.findByText('이미지 파일 크기는 30MB 이하여야 합니다.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    chooseFile(image('me.png', 'image/png', 31_457_280));
    expect(screen.queryByText('이미지 파일 크기는 30MB 이하여야 합니다.')).toBeNull();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    expect(await screen.findByText('프로필이 성공적으로 수정되었습니다.')).toBeTruthy();
    const uploads = fetchMock.mock.calls.filter(
      ([u, i]) => String(u).endsWith('/api/dashboard/profile/image') && i?.method === 'POST',
    );
    expect(uploads).toHaveLength(1);
    const sent = (uploads[0]?.[1] as RequestInit | undefined)?.body as FormData;
    expect((sent.get('profile_image') as File).name).toBe('me.png');
    expect(putBodies()).toEqual([]);
    expect(session.updateUser).toHaveBeenCalledWith(
      expect.objectContaining({ profile_image: '/media/tenants/1/profiles/3/new.webp' }),
    );
    expect(screen.getByRole('button', { name: '이미지 삭제' })).toBeTruthy();
  });

  it('reports a failed upload with the spec text and keeps the choice', async () => {
    server.upload = () => Response.json({}, { status: 500 });
    renderPage(customerProfile);
    await loaded();
    chooseFile(image('me.png', 'image/png', 1000));
    fireEvent.click(saveButton());
    expect(await screen.findByText('프로필 이미지 업로드에 실패했습니다.')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it('removes the image on save with DELETE', async () => {
    renderPage({ ...customerProfile, profile_image: '/media/old.webp' });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: '이미지 삭제' }));
    expect(screen.getByText('저장하지 않은 변경사항이 있습니다.')).toBeTruthy();
    fireEvent.click(saveButton());
    expect(await screen.findByText('프로필이 성공적으로 수정되었습니다.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/dashboard/profile/image', 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '이미지 선택' })).toBeTruthy();
  });

  it('resets every change after confirming', async () => {
    renderPage();
    await loaded();
    type('사용자명', '달빛농장');
    chooseFile(image('me.png', 'image/png', 1000));
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('모든 변경사항을 취소하시겠습니까?');
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(field('사용자명').value).toBe('달빛농장');
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getAllByRole('button', { name: '초기화' }).at(-1) as HTMLElement);
    await waitFor(() => expect(field('사용자명').value).toBe('햇살농장'));
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText('저장하지 않은 변경사항이 있습니다.')).toBeNull();
  });

  it('asks before leaving with changes, and stays when the answer is no', async () => {
    const { router } = renderPage();
    await loaded();
    type('휴대전화번호', '010-9999-0000');
    act(() => {
      void router.navigate('/dashboard');
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('변경사항이 저장되지 않습니다. 정말 나가시겠습니까?');
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(field('휴대전화번호').value).toBe('010-9999-0000');
    // 취소 (cancel) leaves the page: asked again, and this time it goes.
    fireEvent.click(screen.getAllByRole('button', { name: '취소' })[0] as HTMLElement);
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: '나가기' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it("asks too when the browser's Back button leaves with changes, and stays when the answer is no", async () => {
    const { router } = renderPage(merchantProfile, ['/dashboard', '/profile/edit']);
    await loaded();
    type('사용자명', '햇살농장2');
    act(() => {
      void router.navigate(-1);
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('변경사항이 저장되지 않습니다. 정말 나가시겠습니까?');
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(field('사용자명').value).toBe('햇살농장2');
    act(() => {
      void router.navigate(-1);
    });
    fireEvent.click(await screen.findByRole('button', { name: '나가기' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('keeps the postcode with the address: shown, sent when changed, refused unless 5 digits', async () => {
    renderPage();
    await loaded();
    expect(field('우편번호').value).toBe('12500');
    type('우편번호', '1250');
    fireEvent.click(saveButton());
    expect(await screen.findByText('우편번호는 숫자 5자리로 입력해주세요.')).toBeTruthy();
    expect(putBodies()).toEqual([]);
    type('우편번호', '12501');
    fireEvent.click(saveButton());
    expect(await screen.findByText('프로필이 성공적으로 수정되었습니다.')).toBeTruthy();
    expect(putBodies()).toEqual([{ postcode: '12501' }]);
  });

  it('leaves without asking when nothing changed', async () => {
    const { router } = renderPage();
    await loaded();
    act(() => {
      void router.navigate('/dashboard');
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('asks the browser to confirm a reload only while there are changes', async () => {
    renderPage();
    await loaded();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('휴대전화번호', '010-9999-0000');
    expect(unload()).toBe(true);
  });

  it('shows no business fields to a customer', async () => {
    renderPage(customerProfile);
    await loaded();
    expect(screen.queryByLabelText('사업자등록번호')).toBeNull();
    expect(screen.queryByLabelText('상호명')).toBeNull();
  });
});
