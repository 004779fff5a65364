#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::huge_number(data));
