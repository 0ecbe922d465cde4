/** The posts' and comments' values without zod: content.ts re-exports them and builds its schemas on them. */

export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MAX = 2000;
export const POST_FILES_MAX = 10;
export const POST_FILE_BYTES_MAX = 50 * 1024 * 1024;
export const COMMENT_CONTENT_MAX = 1000;
/** Depth of a top-level comment is 0; a reply to a comment of depth 5 is refused. */
export const COMMENT_DEPTH_MAX = 5;

/** The spec's texts (quoted ones exactly); the client shows `detail` of an error answer. */
export const postMessages = {
  titleRequired: '제목을 입력해주세요.',
  contentRequired: '내용을 입력해주세요.',
  titleTooLong: `제목은 ${POST_TITLE_MAX}자 이하로 입력해주세요.`,
  contentTooLong: `내용은 ${POST_CONTENT_MAX}자 이하로 입력해주세요.`,
  filesMax: '최대 10개의 파일만 업로드할 수 있습니다.',
  fileTooLarge: (file: string, mb = 50) => `파일 크기는 ${mb}MB를 초과할 수 없습니다: ${file}`,
  unsupportedFile: (file: string) => `지원하지 않는 파일 형식입니다: ${file}`,
  notFound: '게시글을 찾을 수 없습니다',
  loadFailed: '게시글을 불러오는데 실패했습니다',
  editForbidden: '게시글을 수정할 권한이 없습니다.',
  deleteForbidden: '게시글을 삭제할 권한이 없습니다.',
  announcementMerchantsOnly: '공지사항은 판매자만 등록할 수 있습니다.',
  thumbnailFailed: '썸네일 생성에 실패했습니다.',
  badJsonField: (field: string) => `${field} 값의 형식이 올바르지 않습니다.`,
  commentRequired: '댓글 내용을 입력해주세요.',
  commentTooLong: `댓글은 ${COMMENT_CONTENT_MAX}자 이하로 입력해주세요.`,
  commentDepthExceeded: `답글은 최대 ${COMMENT_DEPTH_MAX}단계까지만 작성할 수 있습니다.`,
  commentNotFound: '댓글을 찾을 수 없습니다.',
  parentCommentDeleted: '삭제된 댓글에는 답글을 작성할 수 없습니다.',
  commentDeleteForbidden: '댓글을 삭제할 권한이 없습니다.',
  /** What a deleted comment that still has replies shows in its place. */
  deletedComment: '삭제된 댓글입니다.',
} as const;
