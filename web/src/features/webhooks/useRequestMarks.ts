import { useContext } from 'react';
import { RequestMarksContext, type RequestMarks } from './RequestMarksProvider';

export function useRequestMarks(): RequestMarks {
  return useContext(RequestMarksContext);
}
