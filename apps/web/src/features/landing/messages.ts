/**
 * Landing page texts (spec 2.3). Hero texts fall back to these when the tenant sets none; every
 * text that names a feature is chosen by the features the tenant has switched on.
 */
export const landingMessages = {
  heroTitle: '생산자와 소비자가 함께 만드는 먹거리',
  /** With the content feature: visitors can watch how things are made. */
  heroSubtitleWatch: '우리 동네 생산자의 <strong>만드는 과정을 직접 보고</strong> 고르는 먹거리',
  heroSubtitle: '믿을 수 있는 생산자에게서 <strong>바로 고르는</strong> 먹거리',
  /** The description when the tenant sets none and no feature is on. */
  heroDescriptionEmpty: '지금 서비스를 준비하고 있어요. 곧 새로운 모습으로 찾아올게요.',
  startCustomer: '소비자로 시작하기',
  startProducer: '생산자로 시작하기',
  browse: '둘러보기',
  topNav: '계정 메뉴',
  login: '로그인',
  signUp: '회원가입',
  dashboard: '대시보드',
  shopping: '쇼핑하기',
  logout: '로그아웃',
  featuresTitle: (name: string) => `${name}에서 할 수 있는 일`,
  storiesTitle: '생산자 이야기',
  storiesLead: (name: string) => `${name}의 생산자들이 직접 전하는 최근 소식이에요.`,
  storiesLoading: '생산자 이야기를 불러오는 중입니다…',
  video: '영상',
  readMore: '이야기 더 보기',
  ctaTitle: '지금 바로 시작해보세요',
  ctaTextBoth: '가입하면 소비자는 믿을 수 있는 상품을, 생산자는 든든한 단골을 만날 수 있어요.',
  ctaTextCustomer: (name: string) => `가입하고 ${name}의 새 상품과 소식을 가장 먼저 만나보세요.`,
  ctaCustomer: '소비자 회원가입',
  ctaProducer: '생산자 회원가입',
} as const;
