import type { MainTab } from '@/config/paths';

/** Main page texts (spec 2.5). */
export const mainMessages = {
  topNav: '메인 메뉴',
  home: '홈',
  about: '소개',
  contact: '문의',
  login: '로그인',
  register: '회원가입',
  logout: '로그아웃',
  myDashboard: (username: string) => `${username} (판매자 대시보드)`,
  tabsLabel: '메인 탭',
  tabs: {
    delivery: '배달·픽업',
    shopping: '쇼핑',
    video: '영상',
    post: '게시글',
    wallet: '지갑',
  } satisfies Record<MainTab, string>,
  tabComing: (label: string) => `${label} 목록을 준비하고 있어요`,
  tabComingText: '곧 이곳에서 만나보실 수 있어요. 조금만 기다려주세요.',
  noFeatureTitle: '서비스 준비 중입니다',
  noFeatureText: '현재 이용 가능한 서비스가 없습니다. 문의사항은 아래 이메일로 연락해주세요.',
  contactEmail: (email: string) => `문의: ${email}`,
  goHome: '홈으로 가기',
} as const;
