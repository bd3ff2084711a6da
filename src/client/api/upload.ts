import { http } from './transport';

/** A file into the content store: the path it is kept under, the value of an image or file field. */
export const uploadFile = (file: Blob) => http.upload<{ data: { path: string } }>('/api/upload', file).then((r) => r.data.path);
