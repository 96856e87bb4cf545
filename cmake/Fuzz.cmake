# Fuzzing with libFuzzer (-DCARDSIM_FUZZ=ON, clang only; the `fuzz` preset):
# everything is built with ASan + UBSan and libFuzzer's coverage
# instrumentation, and fuzz/ adds one fuzzer per parser. The tests build too,
# so the same build runs them under the sanitizers.
option(CARDSIM_FUZZ "Build the libFuzzer targets in fuzz/ (clang; ASan+UBSan everywhere)" OFF)
if(CARDSIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CARDSIM_FUZZ needs clang (CMAKE_CXX_COMPILER=clang++), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  set(cardsim_fuzz_flags -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                         -fno-omit-frame-pointer)
  target_compile_options(cardsim_options INTERFACE ${cardsim_fuzz_flags})
  target_link_options(cardsim_options INTERFACE -fsanitize=address,undefined)
endif()
