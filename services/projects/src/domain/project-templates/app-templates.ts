import { ciFile, type ProjectTemplate } from './template.js'

/** Application frameworks: a minimal app, its build file and a CI pipeline. */
export const APP_TEMPLATES: ProjectTemplate[] = [
  {
    name: 'rails',
    title: 'Ruby on Rails',
    description:
      'Includes an MVC structure, Gemfile, Rakefile, along with many others, to help you get started',
    files: [
      {
        path: 'Gemfile',
        content:
          "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.1'\ngem 'puma'\ngem 'sqlite3'\n",
      },
      {
        path: 'Rakefile',
        content: "require_relative 'config/application'\n\nRails.application.load_tasks\n",
      },
      {
        path: 'config/routes.rb',
        content: "Rails.application.routes.draw do\n  root 'welcome#index'\nend\n",
      },
      {
        path: 'app/controllers/welcome_controller.rb',
        content:
          "class WelcomeController < ApplicationController\n  def index\n    render plain: 'Hello from Rails'\n  end\nend\n",
      },
      ciFile('ruby:3.2', { test: ['test', 'bundle install', 'bundle exec rails test'] }),
    ],
  },
  {
    name: 'spring',
    title: 'Spring',
    description: 'Includes an MVC structure, mvnw and pom.xml to help you get started',
    files: [
      {
        path: 'pom.xml',
        content:
          '<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>3.2.0</version>\n  </parent>\n  <groupId>com.example</groupId>\n  <artifactId>demo</artifactId>\n  <version>0.0.1-SNAPSHOT</version>\n  <dependencies>\n    <dependency>\n      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-web</artifactId>\n    </dependency>\n  </dependencies>\n</project>\n',
      },
      {
        path: 'src/main/java/com/example/demo/DemoApplication.java',
        content:
          'package com.example.demo;\n\nimport org.springframework.boot.SpringApplication;\nimport org.springframework.boot.autoconfigure.SpringBootApplication;\nimport org.springframework.web.bind.annotation.GetMapping;\nimport org.springframework.web.bind.annotation.RestController;\n\n@SpringBootApplication\n@RestController\npublic class DemoApplication {\n  public static void main(String[] args) {\n    SpringApplication.run(DemoApplication.class, args);\n  }\n\n  @GetMapping("/")\n  public String hello() {\n    return "Hello from Spring";\n  }\n}\n',
      },
      ciFile('maven:3-eclipse-temurin-17', { build: ['build', 'mvn -B package'] }),
    ],
  },
  {
    name: 'express',
    title: 'NodeJS Express',
    description: 'Includes an MVC structure to help you get started',
    files: [
      {
        path: 'package.json',
        content:
          '{\n  "name": "express-app",\n  "private": true,\n  "scripts": { "start": "node app.js", "test": "node --test" },\n  "dependencies": { "express": "^4.19.0" }\n}\n',
      },
      {
        path: 'app.js',
        content:
          "const express = require('express')\n\nconst app = express()\napp.get('/', (req, res) => res.send('Hello from Express'))\napp.listen(process.env.PORT || 5000)\n",
      },
      ciFile('node:20', { test: ['test', 'npm install', 'npm test'] }),
    ],
  },
  {
    name: 'iosswift',
    title: 'iOS (Swift)',
    description: 'A ready-to-go template for use with iOS Swift apps',
    files: [
      {
        path: 'App/AppDelegate.swift',
        content:
          'import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n  var window: UIWindow?\n}\n',
      },
      {
        path: '.gitlab-ci.yml',
        content:
          'stages:\n  - build\n\nbuild:\n  stage: build\n  tags:\n    - macos\n  script:\n    - xcodebuild -scheme App build\n',
      },
    ],
  },
  {
    name: 'dotnetcore',
    title: '.NET Core',
    description: 'A .NET Core console application template, customizable for any .NET Core project',
    files: [
      {
        path: 'App.csproj',
        content:
          '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n    <OutputType>Exe</OutputType>\n    <TargetFramework>net8.0</TargetFramework>\n  </PropertyGroup>\n</Project>\n',
      },
      { path: 'Program.cs', content: 'System.Console.WriteLine("Hello from .NET");\n' },
      ciFile('mcr.microsoft.com/dotnet/sdk:8.0', { build: ['build', 'dotnet build'] }),
    ],
  },
  {
    name: 'android',
    title: 'Android',
    description: 'A ready-to-go template for use with Android apps',
    files: [
      { path: 'settings.gradle', content: "rootProject.name = 'app'\ninclude ':app'\n" },
      {
        path: 'app/build.gradle',
        content:
          "plugins {\n  id 'com.android.application'\n}\n\nandroid {\n  namespace 'com.example.app'\n  compileSdk 34\n}\n",
      },
      {
        path: 'app/src/main/AndroidManifest.xml',
        content:
          '<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n  <application android:label="App" />\n</manifest>\n',
      },
      ciFile('eclipse-temurin:17', { build: ['build', './gradlew assembleDebug'] }),
    ],
  },
  {
    name: 'gomicro',
    title: 'Go Micro',
    description: 'Go Micro is a framework for micro service development',
    files: [
      { path: 'go.mod', content: 'module example.com/service\n\ngo 1.22\n' },
      {
        path: 'main.go',
        content:
          'package main\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc main() {\n\thttp.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {\n\t\tfmt.Fprintln(w, "Hello from a Go service")\n\t})\n\t_ = http.ListenAndServe(":8080", nil)\n}\n',
      },
      ciFile('golang:1.22', { test: ['test', 'go vet ./...', 'go test ./...'] }),
    ],
  },
  {
    name: 'gitpod_spring_petclinic',
    title: 'Gitpod/Spring Petclinic',
    description: 'A Gitpod configured Webapplication in Spring and Java',
    files: [
      {
        path: '.gitpod.yml',
        content:
          'tasks:\n  - init: ./mvnw package -DskipTests\n    command: ./mvnw spring-boot:run\nports:\n  - port: 8080\n',
      },
      {
        path: 'src/main/java/org/example/petclinic/PetClinicApplication.java',
        content:
          'package org.example.petclinic;\n\nimport org.springframework.boot.SpringApplication;\nimport org.springframework.boot.autoconfigure.SpringBootApplication;\n\n@SpringBootApplication\npublic class PetClinicApplication {\n  public static void main(String[] args) {\n    SpringApplication.run(PetClinicApplication.class, args);\n  }\n}\n',
      },
      ciFile('maven:3-eclipse-temurin-17', { build: ['build', 'mvn -B package'] }),
    ],
  },
  {
    name: 'kotlin_native_linux',
    title: 'Kotlin Native Linux',
    description: 'A basic template for developing Linux programs using Kotlin Native',
    files: [
      {
        path: 'build.gradle.kts',
        content:
          'plugins {\n  kotlin("multiplatform") version "1.9.22"\n}\n\nkotlin {\n  linuxX64 {\n    binaries { executable() }\n  }\n}\n',
      },
      {
        path: 'src/linuxX64Main/kotlin/Main.kt',
        content: 'fun main() {\n  println("Hello from Kotlin Native")\n}\n',
      },
      ciFile('gradle:8-jdk17', { build: ['build', 'gradle linkReleaseExecutableLinuxX64'] }),
    ],
  },
  {
    name: 'typo3_distribution',
    title: 'TYPO3 Distribution',
    description: 'A template for starting a new TYPO3 project',
    files: [
      {
        path: 'composer.json',
        content:
          '{\n  "name": "example/typo3-site",\n  "type": "project",\n  "require": { "typo3/cms-base-distribution": "^12.4" }\n}\n',
      },
      ciFile('composer:2', { build: ['build', 'composer install --no-dev'] }),
    ],
  },
  {
    name: 'laravel',
    title: 'Laravel Framework',
    description: 'A basic folder structure of a Laravel application, to help you get started.',
    files: [
      {
        path: 'composer.json',
        content:
          '{\n  "name": "example/laravel-app",\n  "type": "project",\n  "require": { "php": "^8.2", "laravel/framework": "^11.0" }\n}\n',
      },
      {
        path: 'routes/web.php',
        content:
          "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::get('/', fn () => 'Hello from Laravel');\n",
      },
      ciFile('php:8.2', { test: ['test', 'composer install', 'php artisan test'] }),
    ],
  },
]
