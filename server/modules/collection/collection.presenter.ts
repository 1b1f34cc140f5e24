/** CollectionSwitchResp. */
export function presentSwitch(count: number) {
  return { object_collection_count: count };
}
