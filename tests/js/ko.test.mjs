import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./modules.mjs";

const { endsClosed, particle } = await load("ko.js");

test("a final consonant takes 과, 을, 이, 은", () => {
  for (const w of ["동", "중", "발", "백", "춘", "3통", "7삭", "5만", "용", "원숭이 말"]) assert.equal(endsClosed(w), true, w);
  assert.equal(particle("동", "와/과"), "동과");
  assert.equal(particle("5만", "을/를"), "5만을");
  assert.equal(particle("춘", "이/가"), "춘이");
  assert.equal(particle("용", "은/는"), "용은");
});

test("a final vowel takes 와, 를, 가, 는", () => {
  assert.equal(particle("매", "와/과"), "매와");
  assert.equal(particle("돼지", "을/를"), "돼지를");
  assert.equal(particle("소", "이/가"), "소가");
  assert.equal(particle("호랑이", "은/는"), "호랑이는");
  assert.equal(endsClosed("원숭이"), false);
});

test("digits and letters are read aloud; trailing punctuation is skipped", () => {
  assert.equal(particle("A4", "와/과"), "A4와");  // 사
  assert.equal(particle("A6", "와/과"), "A6과");  // 육
  assert.equal(particle("10", "을/를"), "10을");  // 영
  assert.equal(particle("2", "이/가"), "2가");  // 이
  assert.equal(particle("B1", "은/는"), "B1은");  // 일
  assert.equal(particle("L", "이/가"), "L이");  // 엘
  assert.equal(particle("A", "이/가"), "A가");  // 에이
  assert.equal(particle("(보통)", "와/과"), "(보통)과");
  assert.equal(particle("사천성(어려움)", "와/과"), "사천성(어려움)과");
  assert.equal(particle("(쉬움, 18×8)", "와/과"), "(쉬움, 18×8)과");  // 팔
  assert.equal(particle("쥐.", "와/과"), "쥐.와");
});

test("an unreadable ending takes the form after a vowel; an unknown pair is an error", () => {
  assert.equal(endsClosed("萬"), null);
  assert.equal(particle("", "와/과"), "와");
  assert.throws(() => particle("동", "로/으로"), /unknown particle pair/);
});
