/** Korean texts of the shared form components (src/components/form). */
export const addressMessages = {
  base: '주소',
  detail: '상세 주소',
  search: '주소 검색',
  searchLabel: '주소 검색 창 열기',
  basePlaceholder: '주소 검색 버튼을 눌러주세요',
  manualPlaceholder: '도로명 주소를 입력해주세요',
  detailPlaceholder: '동·호수 등 상세 주소',
  loading: '주소 검색을 준비하고 있습니다…',
  fallback: '주소 검색을 불러올 수 없어 직접 입력해주세요.',
} as const;
