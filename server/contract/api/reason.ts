/** An item of GET reasons. content_type: '' (no text), 'textarea' (a remark) or 'text' (a URL, for duplicates). */
export interface ReasonItem {
  reason_key?: string;
  reason_type: number;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}
