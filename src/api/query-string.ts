/** "?a=1&b=x" from the values that are set (empty strings and undefined left out), or "". */
export const queryString = (values: object): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};
