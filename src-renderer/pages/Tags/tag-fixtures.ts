// Fixtures of the tag screens' component tests.

/** A tag as GET tag answers it. */
export function tagDetail(over: Record<string, unknown> = {}) {
  return {
    tag_id: '10030000000000101',
    slug_name: 'lanterns',
    display_name: 'Lanterns',
    excerpt: '<p>Oil lanterns.</p>',
    description: 'Oil lanterns.',
    original_text: 'Oil lanterns.',
    parsed_text: '<p>Oil lanterns.</p>',
    follow_count: 2,
    question_count: 3,
    is_follower: false,
    created_at: 1700000000,
    updated_at: 1700000000,
    recommend: false,
    reserved: false,
    status: 'available',
    member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }],
    main_tag_slug_name: '',
    ...over,
  };
}
