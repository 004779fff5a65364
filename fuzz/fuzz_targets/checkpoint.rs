#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::checkpoint_file(data));
